/**
 * Help articles that may answer what the person is writing, shown before a request is sent.
 *
 * The help centre (features/help: /help and its search) is being built at the same time. Until its
 * search exists this hook answers none and the form shows nothing; once it lands, answer its
 * search's results for `text` here and the new request form shows them above the Send button.
 */
export type HelpSuggestion = { slug: string; title: string; href: string };

export function useHelpSuggestions(text: string): HelpSuggestion[] {
  void text;
  return [];
}
