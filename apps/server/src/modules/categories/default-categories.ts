import type { Locale } from '@household/contracts';

/**
 * The everyday aisles offered the first time a person or group uses categories, in the person's
 * language (docs/lists.md). They become ordinary rows: renamed, reordered or deleted at will.
 */
export const DEFAULT_CATEGORIES: Record<Locale, readonly { name: string; color: string }[]> = {
  en: [
    { name: 'Fruit & vegetables', color: 'green' },
    { name: 'Bakery', color: 'orange' },
    { name: 'Dairy', color: 'blue' },
    { name: 'Meat & fish', color: 'red' },
    { name: 'Frozen', color: 'cyan' },
    { name: 'Drinks', color: 'grape' },
    { name: 'Household', color: 'gray' },
    { name: 'Other', color: 'dark' },
  ],
  de: [
    { name: 'Obst & Gemüse', color: 'green' },
    { name: 'Backwaren', color: 'orange' },
    { name: 'Milchprodukte', color: 'blue' },
    { name: 'Fleisch & Fisch', color: 'red' },
    { name: 'Tiefkühl', color: 'cyan' },
    { name: 'Getränke', color: 'grape' },
    { name: 'Haushalt', color: 'gray' },
    { name: 'Sonstiges', color: 'dark' },
  ],
  nl: [
    { name: 'Groente & fruit', color: 'green' },
    { name: 'Bakkerij', color: 'orange' },
    { name: 'Zuivel', color: 'blue' },
    { name: 'Vlees & vis', color: 'red' },
    { name: 'Diepvries', color: 'cyan' },
    { name: 'Dranken', color: 'grape' },
    { name: 'Huishouden', color: 'gray' },
    { name: 'Overig', color: 'dark' },
  ],
  fr: [
    { name: 'Fruits et légumes', color: 'green' },
    { name: 'Boulangerie', color: 'orange' },
    { name: 'Produits laitiers', color: 'blue' },
    { name: 'Viande et poisson', color: 'red' },
    { name: 'Surgelés', color: 'cyan' },
    { name: 'Boissons', color: 'grape' },
    { name: 'Entretien', color: 'gray' },
    { name: 'Autres', color: 'dark' },
  ],
  es: [
    { name: 'Frutas y verduras', color: 'green' },
    { name: 'Panadería', color: 'orange' },
    { name: 'Lácteos', color: 'blue' },
    { name: 'Carne y pescado', color: 'red' },
    { name: 'Congelados', color: 'cyan' },
    { name: 'Bebidas', color: 'grape' },
    { name: 'Hogar', color: 'gray' },
    { name: 'Otros', color: 'dark' },
  ],
};

/** What a household's money goes on, offered the first time expense categories are used. */
export const DEFAULT_EXPENSE_CATEGORIES: Record<
  Locale,
  readonly { name: string; color: string }[]
> = {
  en: [
    { name: 'Groceries', color: 'green' },
    { name: 'Rent', color: 'blue' },
    { name: 'Utilities', color: 'cyan' },
    { name: 'Household', color: 'gray' },
    { name: 'Eating out', color: 'orange' },
    { name: 'Transport', color: 'indigo' },
    { name: 'Leisure', color: 'grape' },
    { name: 'Other', color: 'dark' },
  ],
  de: [
    { name: 'Lebensmittel', color: 'green' },
    { name: 'Miete', color: 'blue' },
    { name: 'Nebenkosten', color: 'cyan' },
    { name: 'Haushalt', color: 'gray' },
    { name: 'Auswärts essen', color: 'orange' },
    { name: 'Verkehr', color: 'indigo' },
    { name: 'Freizeit', color: 'grape' },
    { name: 'Sonstiges', color: 'dark' },
  ],
  nl: [
    { name: 'Boodschappen', color: 'green' },
    { name: 'Huur', color: 'blue' },
    { name: 'Gas, water en licht', color: 'cyan' },
    { name: 'Huishouden', color: 'gray' },
    { name: 'Uit eten', color: 'orange' },
    { name: 'Vervoer', color: 'indigo' },
    { name: 'Vrije tijd', color: 'grape' },
    { name: 'Overig', color: 'dark' },
  ],
  fr: [
    { name: 'Courses', color: 'green' },
    { name: 'Loyer', color: 'blue' },
    { name: 'Charges', color: 'cyan' },
    { name: 'Maison', color: 'gray' },
    { name: 'Restaurants', color: 'orange' },
    { name: 'Transports', color: 'indigo' },
    { name: 'Loisirs', color: 'grape' },
    { name: 'Autre', color: 'dark' },
  ],
  es: [
    { name: 'Supermercado', color: 'green' },
    { name: 'Alquiler', color: 'blue' },
    { name: 'Suministros', color: 'cyan' },
    { name: 'Hogar', color: 'gray' },
    { name: 'Comer fuera', color: 'orange' },
    { name: 'Transporte', color: 'indigo' },
    { name: 'Ocio', color: 'grape' },
    { name: 'Otros', color: 'dark' },
  ],
};
