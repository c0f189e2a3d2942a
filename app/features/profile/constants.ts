/** Post pages shown at once on a profile after "Load more" without JavaScript. */
export const MAX_POST_PAGES = 10
