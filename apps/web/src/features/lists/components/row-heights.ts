/**
 * The heights the window virtualizer lays rows out with before it has measured them, as
 * `rows.module.css` draws them on one line: most rows are exactly this high, so measuring them
 * after their first draw changes nothing and the list is not drawn a second time (a guess off by
 * even 1 px moved every row below it and drew the list again, in the task that drew it first).
 */
/** A row of the list page: `.row`'s min-height, 3.25rem. */
export const ITEM_ROW_HEIGHT = 52;
/** A category's header on the list page (`.header`: an h5's line and its padding). */
export const ITEM_HEADER_HEIGHT = 44;
/** A row of supermarket mode: `.shopRow`'s min-height, 3.75rem. */
export const SHOP_ROW_HEIGHT = 60;
/** An aisle's header in supermarket mode (`.shopHeader`: an h4's line and its padding, 49.8 px). */
export const SHOP_HEADER_HEIGHT = 50;
