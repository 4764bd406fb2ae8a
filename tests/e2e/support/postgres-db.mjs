// Before the PostgreSQL e2e app starts: a fresh database on the server of TEST_DATABASE_URL.
import pg from "pg";

const base = process.env.TEST_DATABASE_URL;
const name = process.env.E2E_PG_DATABASE ?? "forecourt_e2e";
if (!base) throw new Error("TEST_DATABASE_URL is not set");
const client = new pg.Client({ connectionString: base });
await client.connect();
await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
await client.query(`CREATE DATABASE ${name}`);
await client.end();
