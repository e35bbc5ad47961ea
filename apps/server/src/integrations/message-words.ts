import { isLanguage, type Language } from '@gona/shared/languages';

/**
 * The words around what mails, SMS and push carry (the greeting, the sign-off, the links' lines), in
 * the recipient's language: a mail goes out in the language of the person who reads it, never of
 * the person whose action sent it. A language that lacks a line says it in English.
 *
 * What a notification itself says (its title and body) is written when it is made, in English for
 * now; French and Pidgin have every line here (the account mails' too: confirming an address,
 * choosing a new password), Hausa, Yoruba and Igbo their greeting and sign-off only, all awaiting a
 * native speaker's review except French (docs/glossary/).
 */
export type MessageWords = {
  hello: (firstName: string | undefined) => string;
  team: string;
  openInGona: (url: string) => string;
  /** A mail that carries files (the monthly report's PDF). */
  attached: (names: string) => string;
  emailSettings: (url: string) => string;
  digestSubject: (count: number) => string;
  digestIntro: (count: number) => string;
  seeAll: (url: string) => string;
  digestSettings: (url: string) => string;
  /** The mail that confirms a new account's address. */
  verifySubject: string;
  verifyIntro: string;
  verifyAfter: string;
  verifyIgnore: string;
  /** The mail with a link to choose a new password. */
  resetSubject: string;
  resetIntro: string;
  resetAfter: string;
};

const name = (firstName: string | undefined) => (firstName ? ` ${firstName}` : '');

const ENGLISH: MessageWords = {
  hello: (firstName) => `Hello${name(firstName)},`,
  team: 'The Gona team',
  openInGona: (url) => `Open it in Gona: ${url}`,
  attached: (names) => `Attached: ${names}`,
  emailSettings: (url) =>
    `To choose which notifications reach you by email, go to Settings › Notifications: ${url}`,
  digestSubject: (count) => (count === 1 ? 'Gona: 1 new notification' : `Gona: ${count} new notifications`),
  digestIntro: (count) =>
    count === 1
      ? 'Here is what happened on your farms since the last digest:'
      : `Here are the ${count} things that happened on your farms since the last digest:`,
  seeAll: (url) => `See them all in Gona: ${url}`,
  digestSettings: (url) => `To change the digest or its hour, go to Settings › Notifications: ${url}`,
  verifySubject: 'Confirm your email for Gona',
  verifyIntro: 'Welcome to Gona. Please confirm your email address by opening this link:',
  verifyAfter: 'After confirming you can create your first farm.',
  verifyIgnore: 'If you did not sign up for Gona, you can ignore this email.',
  resetSubject: 'Reset your Gona password',
  resetIntro: 'We received a request to reset your Gona password. Open this link to choose a new one:',
  resetAfter:
    'The link works for one hour. If you did not ask for this, you can ignore this email; your password stays the same.',
};

const TRANSLATED: Record<Exclude<Language, 'en'>, Partial<MessageWords>> = {
  fr: {
    hello: (firstName) => `Bonjour${name(firstName)},`,
    team: 'L’équipe Gona',
    openInGona: (url) => `Ouvrez-la dans Gona : ${url}`,
    attached: (names) => `En pièce jointe : ${names}`,
    emailSettings: (url) =>
      `Pour choisir les notifications reçues par e-mail, allez dans Paramètres › Notifications : ${url}`,
    digestSubject: (count) =>
      count === 1 ? 'Gona : 1 nouvelle notification' : `Gona : ${count} nouvelles notifications`,
    digestIntro: (count) =>
      count === 1
        ? 'Voici ce qui s’est passé sur vos fermes depuis le dernier récapitulatif :'
        : `Voici les ${count} choses qui se sont passées sur vos fermes depuis le dernier récapitulatif :`,
    seeAll: (url) => `Tout voir dans Gona : ${url}`,
    digestSettings: (url) =>
      `Pour changer le récapitulatif ou son heure, allez dans Paramètres › Notifications : ${url}`,
    verifySubject: 'Confirmez votre e-mail pour Gona',
    verifyIntro: 'Bienvenue sur Gona. Confirmez votre adresse e-mail en ouvrant ce lien :',
    verifyAfter: 'Une fois confirmée, vous pourrez créer votre première ferme.',
    verifyIgnore: 'Si vous ne vous êtes pas inscrit sur Gona, ignorez cet e-mail.',
    resetSubject: 'Réinitialisez votre mot de passe Gona',
    resetIntro:
      'Nous avons reçu une demande de réinitialisation de votre mot de passe Gona. Ouvrez ce lien pour en choisir un nouveau :',
    resetAfter:
      'Le lien est valable une heure. Si vous n’avez rien demandé, ignorez cet e-mail ; votre mot de passe ne change pas.',
  },
  pcm: {
    hello: (firstName) => `How far${name(firstName)},`,
    team: 'Gona team',
    openInGona: (url) => `Open am for Gona: ${url}`,
    attached: (names) => `Di file dey inside dis mail: ${names}`,
    emailSettings: (url) =>
      `To choose di notifications wey go reach you by email, go Settings › Notifications: ${url}`,
    digestSubject: (count) => (count === 1 ? 'Gona: 1 new notification' : `Gona: ${count} new notifications`),
    digestIntro: (count) =>
      count === 1
        ? 'See wetin happen for your farms since di last digest:'
        : `See di ${count} things wey happen for your farms since di last digest:`,
    seeAll: (url) => `See all of dem for Gona: ${url}`,
    digestSettings: (url) => `To change di digest or im time, go Settings › Notifications: ${url}`,
    verifySubject: 'Confirm your email for Gona',
    verifyIntro: 'Welcome to Gona. Abeg open dis link to confirm your email address:',
    verifyAfter: 'Once you confirm am, you fit create your first farm.',
    verifyIgnore: 'If no be you sign up for Gona, you fit ignore dis email.',
    resetSubject: 'Change your Gona password',
    resetIntro: 'We don receive request to change your Gona password. Open dis link to choose new one:',
    resetAfter:
      'Di link go work for one hour. If no be you ask for am, you fit ignore dis email; your password no go change.',
  },
  ha: { hello: (firstName) => `Sannu${name(firstName)},`, team: 'Ƙungiyar Gona' },
  yo: { hello: (firstName) => `Ẹ n lẹ${name(firstName)},`, team: 'Ẹgbẹ́ Gona' },
  ig: { hello: (firstName) => `Ndewo${name(firstName)},`, team: 'Ndị otu Gona' },
};

/** The words for a recipient whose account keeps `language` (anything unknown reads as English). */
export function messageWords(language: unknown): MessageWords {
  return isLanguage(language) && language !== 'en' ? { ...ENGLISH, ...TRANSLATED[language] } : ENGLISH;
}
