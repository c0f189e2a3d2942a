/** Post pages shown at once on a profile after "Load more" without JavaScript. */
export const MAX_POST_PAGES = 10
/** Pages of the invitations list rendered at once (?page=, "Load more" without JavaScript). */
export const MAX_INVITATION_PAGES = 10
