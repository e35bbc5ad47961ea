// Progressive enhancements for the prerendered public pages.
import './public.css';
