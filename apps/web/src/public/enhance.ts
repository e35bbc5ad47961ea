/** The only script on the prerendered public pages (a build entry, see vite.config.ts). */
import './public.css';
import {
  enhanceCarousel,
  enhanceContactForm,
  enhanceDialogs,
  enhanceLogos,
  enhancePricing,
} from './enhancements';

enhanceLogos();
enhanceDialogs();
enhanceCarousel();
enhancePricing();
enhanceContactForm();
