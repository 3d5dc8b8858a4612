#!/usr/bin/env bash
# Run once by the postgres image on an empty volume: the services connect as oj_service, owner of the oj
# database and not a superuser (review F12), as `npm start` sets up its embedded PostgreSQL.
set -euo pipefail
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" \
  -v password="$OJ_DB_PASSWORD" <<'SQL'
CREATE ROLE oj_service LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD :'password';
CREATE DATABASE oj OWNER oj_service;
SQL
