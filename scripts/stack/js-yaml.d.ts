// js-yaml ships no types and is installed for eslint; the deploy files test needs only load().
declare module 'js-yaml' {
  export function load(text: string): unknown;
}
