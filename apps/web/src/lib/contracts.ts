/**
 * The class-validator DTOs of libs/contracts, loaded lazily by the forms that run them (DESIGN §7).
 * class-transformer's @Type decorators read `Reflect.getMetadata` while the DTO module loads, so the
 * reflect-metadata polyfill must be in place first; without it the import itself throws.
 */
export async function loadContracts() {
  await import('reflect-metadata');
  return import('@familyos/contracts');
}
