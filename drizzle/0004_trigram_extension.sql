-- pg_trgm: the admin bookings search matches any part of a customer's name, email or phone number
-- through trigram GIN indexes (ADR 0017). A contrib extension like btree_gist (0001), trusted since
-- PostgreSQL 13; PGlite loads it from @electric-sql/pglite/contrib/pg_trgm.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
