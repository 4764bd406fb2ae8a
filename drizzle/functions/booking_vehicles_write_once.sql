-- booking_vehicles_write_once: its current definition, last written by drizzle/0032_report_sizes_per_vehicle.sql.
-- To change it, write a migration that replaces it (CREATE OR REPLACE FUNCTION) and copy the new
-- definition here: tests/integration/sql-functions.integration.test.ts fails while they differ.
-- A visit's further vehicle is written once, with its booking and before its lines, and goes with the
-- booking (whose lines are deleted first). Changing its size or deleting it under its lines would leave
-- their rollup under the wrong size: refused.
CREATE OR REPLACE FUNCTION booking_vehicles_write_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF (OLD.booking_id, OLD.position, OLD.vehicle_snapshot ->> 'sizeName')
        IS DISTINCT FROM (NEW.booking_id, NEW.position, NEW.vehicle_snapshot ->> 'sizeName') THEN
      RAISE EXCEPTION 'a visit''s vehicle keeps its booking, position and size' USING ERRCODE = '23514';
    END IF;
    RETURN NEW;
  END IF;
  IF EXISTS (SELECT 1 FROM booking_items i WHERE i.booking_id = OLD.booking_id AND i.vehicle_position = OLD.position) THEN
    RAISE EXCEPTION 'a visit''s vehicle with lines is deleted with its booking' USING ERRCODE = '23514';
  END IF;
  RETURN OLD;
END $$;
