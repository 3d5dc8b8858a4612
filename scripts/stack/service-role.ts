import pg from 'pg';

/**
 * The role the services (API, projector, judge) and the migrations connect as (review F12): it owns the app
 * database and what is in it, and is neither a superuser nor allowed to create roles or databases, so it
 * cannot read files, run programs (`COPY … PROGRAM`) or touch other databases. Only this launcher holds the
 * superuser's password, to create the role and the database.
 */
export const serviceRole = 'oj_service';

/** Quotes an identifier made here (role and database names are constants of this module and infrastructure.ts). */
const identifier = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * Creates (or updates) the service role with `password`, creates `database` owned by it, and hands it
 * everything the superuser owns in that database: a DATA_DIR from before F12 ran the migrations as `postgres`.
 * Returns the service role's URL for `database`.
 */
export async function ensureServiceDatabase(superuserUrl: string, database: string, password: string): Promise<string> {
  const admin = new pg.Client({ connectionString: superuserUrl });
  await admin.connect();
  try {
    const role = identifier(serviceRole);
    const exists = await admin.query('select 1 from pg_roles where rolname = $1', [serviceRole]);
    const attributes = `login nosuperuser nocreatedb nocreaterole noreplication nobypassrls password ${literal(password)}`;
    await admin.query(`${exists.rowCount === 0 ? 'create' : 'alter'} role ${role} with ${attributes}`);
    const found = await admin.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount === 0) await admin.query(`create database ${identifier(database)} owner ${role}`);
    else await admin.query(`alter database ${identifier(database)} owner to ${role}`);
  } finally {
    await admin.end();
  }
  const inDatabase = new URL(superuserUrl);
  inDatabase.pathname = `/${database}`;
  await handOverOwnership(inDatabase.toString());
  const url = new URL(inDatabase);
  url.username = serviceRole;
  url.password = password;
  return url.toString();
}

/**
 * Every schema, table, view, sequence, routine and type outside the system schemas that another role owns
 * becomes the service role's. A no-op once done (and on a fresh database). Tables first: their owned
 * sequences follow them, and altering those directly is refused.
 */
async function handOverOwnership(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`
      do $$
      declare
        target constant name := ${literal(serviceRole)};
        item record;
      begin
        for item in
          select n.nspname from pg_namespace n
          where n.nspowner <> target::regrole and n.nspname not like 'pg\\_%' and n.nspname <> 'information_schema'
            and n.nspowner <> 'pg_database_owner'::regrole
        loop
          execute format('alter schema %I owner to %I', item.nspname, target);
        end loop;
        for item in
          select c.oid::regclass as name, c.relkind from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where c.relowner <> target::regrole and c.relkind in ('r', 'p', 'v', 'm', 'f')
            and n.nspname not like 'pg\\_%' and n.nspname <> 'information_schema'
        loop
          execute format(
            case item.relkind
              when 'v' then 'alter view %s owner to %I'
              when 'm' then 'alter materialized view %s owner to %I'
              when 'f' then 'alter foreign table %s owner to %I'
              else 'alter table %s owner to %I'
            end, item.name, target);
        end loop;
        for item in
          select c.oid::regclass as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where c.relowner <> target::regrole and c.relkind = 'S'
            and n.nspname not like 'pg\\_%' and n.nspname <> 'information_schema'
        loop
          execute format('alter sequence %s owner to %I', item.name, target);
        end loop;
        for item in
          select p.oid::regprocedure as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where p.proowner <> target::regrole and n.nspname not like 'pg\\_%' and n.nspname <> 'information_schema'
        loop
          execute format('alter routine %s owner to %I', item.name, target);
        end loop;
        for item in
          select t.oid::regtype as name from pg_type t join pg_namespace n on n.oid = t.typnamespace
          where t.typowner <> target::regrole and t.typtype in ('e', 'd', 'r') and t.typrelid = 0
            and n.nspname not like 'pg\\_%' and n.nspname <> 'information_schema'
        loop
          execute format('alter type %s owner to %I', item.name, target);
        end loop;
      end $$`);
  } finally {
    await client.end();
  }
}
