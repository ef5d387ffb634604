/**
 * The parts of the Custom Elements Manifest schema (1.0.0) written here:
 * https://github.com/webcomponents/custom-elements-manifest/blob/main/schema.d.ts
 */

interface Documented {
  name: string;
  description?: string;
  type?: { text: string };
  default?: string;
}
export interface ManifestAttribute extends Documented {
  fieldName?: string;
}
export interface ManifestParameter extends Documented {
  optional?: boolean;
}
export interface ManifestMember extends Documented {
  kind: 'field' | 'method';
  static?: boolean;
  readonly?: boolean;
  attribute?: string;
  reflects?: boolean;
  parameters?: ManifestParameter[];
  return?: { type: { text: string } };
}
export type ManifestEvent = Documented;
export type ManifestSlot = Documented;
export interface ManifestElement extends Documented {
  kind: 'class';
  customElement: true;
  tagName: string;
  summary: string;
  superclass: { name: string };
  attributes: ManifestAttribute[];
  members: ManifestMember[];
  events: ManifestEvent[];
  slots: ManifestSlot[];
}
export interface ManifestModule {
  kind: 'javascript-module';
  path: string;
  declarations: ManifestElement[];
  exports: { kind: 'custom-element-definition'; name: string; declaration: { name: string; module: string } }[];
}
export interface Manifest {
  schemaVersion: '1.0.0';
  readme: string;
  modules: ManifestModule[];
}
