// The page's elements: lookup by id, SVG elements, table cells.

export const $ = (id) => document.getElementById(id);

const SVGNS = 'http://www.w3.org/2000/svg';

// An SVG element `tag` with attributes `attrs` and, if given, the text `text`.
export function el(tag, attrs = {}, text) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

// A table cell holding `text`.
export function cell(text) { const td = document.createElement('td'); td.textContent = text; return td; }
