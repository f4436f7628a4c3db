/** Small facts about configuration that both the resolver and the config file's schema need. */
export const CONFIG_FILE_NAME = 'intentplay.config.yaml';

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
