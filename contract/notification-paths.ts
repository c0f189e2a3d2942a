// Where a notification leads, as a path of the web (its row in the bell and the activity list, and a push
// message's url): the event (SPEC §2 "The activity list links to /event/{entityId}"), a follower's profile, one's own
// profile settings (a decision on it), what a closed report was about, a group one is invited to.
import type { Notification } from './notifications'

export function notificationPath(n: Notification): string {
  const report = n.report
  if (n.notificationType === 'report' && report) {
    if (report.targetType === 'POST') return `/event/${encodeURIComponent(report.targetId)}`
    if (report.targetType === 'GROUP') return `/groups/${encodeURIComponent(report.targetHandle ?? '')}`
    return `/profile/${encodeURIComponent(report.targetId)}`
  }
  if (n.notificationType === 'moderation' && n.moderation?.targetType === 'USER') return '/admin/profile/settings/profile'
  if (n.notificationType === 'follow') return `/profile/${encodeURIComponent(n.userFrom?._id ?? n.entityId ?? '')}`
  if (n.notificationType === 'groupInvite') return n.group ? `/groups/${encodeURIComponent(n.group.handle)}` : '/groups'
  const postId = n.entityId ?? n.post?._id
  return postId ? `/event/${encodeURIComponent(postId)}` : '/'
}
