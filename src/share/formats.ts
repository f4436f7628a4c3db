/** The export formats, apart from the exporters (the CLI lists them without loading any). */
export const EXPORT_FORMATS = ['html', 'cast', 'svg', 'png', 'md'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
