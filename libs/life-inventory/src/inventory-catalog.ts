/**
 * The inventory types shipped as data (docs/profile.md). An account extends the catalog with
 * InventoryTypeDefined: a new type, or more categories and items for a shipped one.
 */
export interface InventoryItem {
  id: string;
  text: string;
}
export interface InventoryCategory {
  id: string;
  name: string;
  items: InventoryItem[];
}
export interface InventoryType {
  inventoryType: string;
  title: string;
  scale: { min: number; max: number };
  categories: InventoryCategory[];
}

const category = (id: string, name: string, items: string[]): InventoryCategory => ({
  id,
  name,
  items: items.map((text, i) => ({ id: `${id}.${i + 1}`, text })),
});

/**
 * The wheel of life: eight areas, each rated 1–10 on how satisfied the person is with it today; the
 * coaching classic (Paul J. Meyer's wheel), worded here in our own terms.
 */
const LIFE_WHEEL: InventoryType = {
  inventoryType: 'life-wheel',
  title: 'Life satisfaction wheel',
  scale: { min: 1, max: 10 },
  categories: [
    category('career', 'Career satisfaction', [
      'I find my work meaningful.',
      'My work uses my strengths.',
    ]),
    category('finances', 'Financial stability', [
      'I feel secure about money.',
      'I am on track with my savings.',
    ]),
    category('health', 'Health and energy', [
      'I have the energy I need for my days.',
      'I look after my body.',
    ]),
    category('family', 'Family', [
      'I feel close to my family.',
      'I spend the time I want with my family.',
    ]),
    category('relationships', 'Friends and relationships', [
      'I have people I can count on.',
      'My close relationships are healthy.',
    ]),
    category('growth', 'Personal growth', [
      'I am learning and growing.',
      'I make time for what develops me.',
    ]),
    category('fun', 'Fun and recreation', [
      'I make time for play and rest.',
      'I enjoy my free time.',
    ]),
    category('environment', 'Home and environment', [
      'My home supports me.',
      'I like where I live.',
    ]),
  ],
};

/**
 * A values inventory after Schwartz's basic human values (a published theory): how important each
 * value is to the person, 1–5.
 */
const VALUES: InventoryType = {
  inventoryType: 'values',
  title: 'Values inventory',
  scale: { min: 1, max: 5 },
  categories: [
    category('self-direction', 'Self-direction', [
      'Choosing my own goals matters to me.',
      'Thinking for myself matters to me.',
    ]),
    category('stimulation', 'Stimulation', ['Novelty and challenge matter to me.']),
    category('achievement', 'Achievement', [
      'Being successful matters to me.',
      'Showing what I can do matters to me.',
    ]),
    category('security', 'Security', ['Safety and stability matter to me.']),
    category('benevolence', 'Benevolence', ['Caring for the people close to me matters to me.']),
    category('universalism', 'Universalism', [
      'Fairness for everyone matters to me.',
      'Protecting nature matters to me.',
    ]),
    category('tradition', 'Tradition', ["Keeping my family's traditions matters to me."]),
  ],
};

export const SHIPPED_INVENTORY_TYPES: readonly InventoryType[] = [LIFE_WHEEL, VALUES];

/**
 * The account's catalog: shipped types, with the account's definitions merged in (a category or item
 * with a known id replaces it, a new one is added; a new type is added whole).
 */
export function mergeCatalog(
  shipped: readonly InventoryType[],
  own: readonly InventoryType[],
): InventoryType[] {
  const byType = new Map(shipped.map((t) => [t.inventoryType, t]));
  for (const extension of own) {
    const base = byType.get(extension.inventoryType);
    if (!base) {
      byType.set(extension.inventoryType, extension);
      continue;
    }
    const categories = new Map(base.categories.map((c) => [c.id, c]));
    for (const c of extension.categories) {
      const known = categories.get(c.id);
      const items = new Map((known?.items ?? []).map((i) => [i.id, i]));
      for (const item of c.items) items.set(item.id, item);
      categories.set(c.id, { id: c.id, name: c.name, items: [...items.values()] });
    }
    byType.set(base.inventoryType, {
      ...base,
      title: extension.title,
      scale: extension.scale,
      categories: [...categories.values()],
    });
  }
  return [...byType.values()];
}

export const categoryOfItem = (
  type: InventoryType,
  itemId: string,
): InventoryCategory | undefined =>
  type.categories.find((c) => c.items.some((i) => i.id === itemId));

/** Category name → the mean of its rated items, one decimal; a category with nothing rated is left out. */
export function categoryScores(
  type: InventoryType,
  ratings: Readonly<Record<string, number>>,
): Record<string, number> {
  const scores: Record<string, number> = {};
  for (const c of type.categories) {
    const rated = c.items.flatMap((i) => ratings[i.id] ?? []);
    if (rated.length)
      scores[c.name] = Math.round((rated.reduce((a, b) => a + b, 0) / rated.length) * 10) / 10;
  }
  return scores;
}
