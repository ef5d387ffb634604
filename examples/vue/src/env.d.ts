/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The provider's GraphQL endpoint, when it is not /graphql on the page's origin. */
  readonly VITE_CM_ENDPOINT?: string;
}
