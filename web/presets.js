// The presets (GET /api/variants) and their rule options as form inputs.

import { api } from './api.js';
import { $ } from './dom.js';
import { optionDoc } from './i18n.js';

export let variants = [];

// Loads the presets from the server into `variants`; returns the whole answer (it has the levels
// too).
export async function loadVariants() {
  const data = await api('GET', '/api/variants');
  variants = data.variants;
  return data;
}

// Loads the presets and lists them in the select `id`, after the options `first`, each named by
// `label(v)`; returns the server's answer.
export async function listVariants(id, label, ...first) {
  const data = await loadVariants();
  $(id).replaceChildren(...first, ...variants.map((v) => new Option(label(v), v.name)));
  return data;
}

// The rule options of preset `v` as inputs (`data-option`, `data-default`), set to `values`
// where given.
export function buildRuleOptions(box, v, values) {
  box.replaceChildren();
  if (!v) return;
  for (const o of v.options) {
    const label = document.createElement('label');
    label.textContent = o.name + ' ';
    const choices = o.values.split('|').map((s) => s.trim());
    let input;
    if (choices.length > 1 && choices.every((c) => !/\.\./.test(c))) {
      input = document.createElement('select');
      for (const c of choices) input.append(new Option(c, c));
    } else {
      input = document.createElement('input');
      input.type = 'text';
      input.size = 8;
    }
    input.value = o.value;
    if (values && values[o.name] !== undefined) input.value = String(values[o.name]);
    input.dataset.option = o.name;
    input.dataset.default = o.value;
    input.title = optionDoc(v, o);
    label.append(input);
    const doc = document.createElement('span');
    doc.className = 'muted';
    doc.textContent = ' ' + optionDoc(v, o);
    label.append(doc);
    box.append(label);
  }
}

// The options of `box` (made by `buildRuleOptions`) set to other values than the preset's
// defaults, as the API's `rules`.
export function ruleValues(box) {
  const rules = {};
  box.querySelectorAll('[data-option]').forEach((i) => { if (i.value !== i.dataset.default) rules[i.dataset.option] = i.value; });
  return rules;
}
