/** The KurrentDB client's module, as `loadKurrentDb` hands it over. */
export type KurrentDb = typeof import('@kurrent/kurrentdb-client');

/**
 * Loads the client (gRPC and its dependencies) on first use: only a store that EVENTSTORE_URL points at KurrentDB
 * needs it. Imported statically, every process of a PostgreSQL-backed stack evaluated it at boot, about 0.2 s of
 * CPU on the path of every start and restart. A dynamic import of the package also stays dynamic in the services'
 * esbuild bundles, which hoist a bundled module's static imports of packages to the top.
 */
export function loadKurrentDb(): Promise<KurrentDb> {
  return import('@kurrent/kurrentdb-client');
}
