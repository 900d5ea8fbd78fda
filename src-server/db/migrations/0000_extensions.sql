-- Trigram matching backs search suggestions; full-text search is built in.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
