/** The only script on the prerendered public pages (a build entry, see vite.config.ts). */
import './public.css';
import {
  enhanceCarousel,
  enhanceContactForm,
  enhanceDialogs,
  enhanceHelpSearch,
  enhanceLogos,
  enhancePricing,
} from './enhancements';
import { enhanceLanguageChoice } from './language-choice';

enhanceLanguageChoice();
enhanceLogos();
enhanceDialogs();
enhanceCarousel();
enhancePricing();
enhanceContactForm();
enhanceHelpSearch();
// Only /login signs in: its code (the API client, the auth words) stays off the other pages.
if (document.querySelector('form[data-sign-in-form]')) {
  void import('./sign-in').then(({ enhanceSignIn }) => enhanceSignIn());
}
