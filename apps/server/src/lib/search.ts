/** A LIKE / ILIKE pattern for text containing `text`, matched literally: % and _ typed by a person are not wildcards. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
