/**
 * The href of a profile's website: kept when it starts with http:// or https://, otherwise https:// is put in front
 * (spec §2). Because every other value gets the https:// prefix, a stored "javascript:…" can never become a script link.
 */
export function websiteHref(website: string): string {
  const value = website.trim();
  return /^https?:\/\//i.test(value) ? value : `https://${value}`;
}

/** A tel: link with only the characters a dialler understands. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^0-9+]/g, '')}`;
}

export function mailtoHref(email: string): string {
  return `mailto:${encodeURIComponent(email).replace(/%40/g, '@')}`;
}

/** Spec §2: the category badge shows the stored value with its first letter capitalised. */
export function capitalise(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}
