/// <reference types="vite/client" />

// Deployment settings read at build time by src/app/site.ts (documented in .env.example).
interface ImportMetaEnv {
  readonly VITE_ENGLISH_SITE_URL?: string;
  readonly VITE_SITE_OWNER?: string;
  readonly VITE_OFFICE_ADDRESSES?: string;
  readonly VITE_ICP_FILING?: string;
  readonly VITE_PSB_FILING?: string;
  readonly VITE_TIANDITU_TOKEN?: string;
  readonly VITE_MAP_XYZ_URL?: string;
  readonly VITE_MAP_XYZ_NAME?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
