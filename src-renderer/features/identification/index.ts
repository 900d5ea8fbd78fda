/**
 * Identification: what a firearm is, from photos and what its owner knows, and what it is worth from
 * our completed sales (the /identify screen), kept in the browser under `gaFirearmIdentification`.
 */
export { IdentifyFirearm } from './identify-firearm.tsx';
