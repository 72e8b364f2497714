// Entry of both builds: the ES module (import { setup } from
// '@ukpd/address-finder') and the script-tag bundle (window.UKPD.AddressFinder).
// Loading it defines the <ukpd-address-finder> element.
import { AddressFinder, defineElement, setup, FIELDS, MESSAGES } from './finder.js';

defineElement();

export { AddressFinder, defineElement, setup, FIELDS, MESSAGES };
export const version = '0.1.0';
