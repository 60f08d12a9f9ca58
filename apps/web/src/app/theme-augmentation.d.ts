import '@mui/material/styles';

/** Colour names of SPEC §9 used by health statuses, services and content categories. */
export interface HealthStatusColors {
  excellent: string;
  good: string;
  fair: string;
  attention: string;
  poor: string;
}
export interface ServiceColors {
  prescription: string;
  fitness: string;
  nutrition: string;
  supplements: string;
}
export interface ContentColors {
  vitalSigns: string;
  medications: string;
  labResults: string;
  appointments: string;
}

declare module '@mui/material/styles' {
  interface Palette {
    /** SPEC §9's teal as it is: fills, icons and large type (text uses `primary`, an AA shade of it). */
    brand: { main: string };
    health: HealthStatusColors;
    service: ServiceColors;
    content: ContentColors;
  }
  interface PaletteOptions {
    brand?: { main: string };
    health?: HealthStatusColors;
    service?: ServiceColors;
    content?: ContentColors;
  }
}
