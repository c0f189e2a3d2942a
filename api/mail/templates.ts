import type { Language } from '#contract'
import { CHECKIN_QR_CID, CHECKIN_QR_PX } from './checkin-qr'

export interface MailContent {
  subject: string
  text: string
  html: string
}

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )
}

/** A code to read out or type: large, spaced. */
function codeHtml(code: string): string {
  return `<b style="font-size:24px;letter-spacing:4px;font-family:monospace">${escapeHtml(code)}</b>`
}

function layout(title: string, body: string): string {
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222"><h2>${escapeHtml(title)}</h2>${body}<p style="color:#888;font-size:12px">Nearby</p></body></html>`
}

export function verificationCodeMail(
  language: Language,
  name: string,
  code: string,
  minutes: number,
): MailContent {
  if (language === 'ru') {
    const subject = `Nearby: код подтверждения ${code}`
    const text = `Здравствуйте, ${name}!\n\nВаш код подтверждения: ${code}\nКод действует ${minutes} минут и может быть использован один раз.\n\nЕсли вы не запрашивали код, просто проигнорируйте это письмо.\n`
    const html = layout(
      'Код подтверждения',
      `<p>Здравствуйте, ${escapeHtml(name)}!</p><p>Ваш код подтверждения:</p><p style="font-size:28px;letter-spacing:4px"><b>${code}</b></p><p>Код действует ${minutes} минут и может быть использован один раз.</p><p>Если вы не запрашивали код, просто проигнорируйте это письмо.</p>`,
    )
    return { subject, text, html }
  }
  const subject = `Nearby: your verification code ${code}`
  const text = `Hello ${name},\n\nYour verification code is: ${code}\nIt is valid for ${minutes} minutes and can be used once.\n\nIf you did not ask for a code, ignore this email.\n`
  const html = layout(
    'Verification code',
    `<p>Hello ${escapeHtml(name)},</p><p>Your verification code is:</p><p style="font-size:28px;letter-spacing:4px"><b>${code}</b></p><p>It is valid for ${minutes} minutes and can be used once.</p><p>If you did not ask for a code, ignore this email.</p>`,
  )
  return { subject, text, html }
}

export function resetLinkMail(language: Language, name: string, link: string, minutes: number): MailContent {
  if (language === 'ru') {
    const subject = 'Nearby: сброс пароля'
    const text = `Здравствуйте, ${name}!\n\nЧтобы задать новый пароль, откройте ссылку:\n${link}\n\nСсылка действует ${minutes} минут и может быть использована один раз.\nЕсли вы не запрашивали сброс пароля, просто проигнорируйте это письмо.\n`
    const html = layout(
      'Сброс пароля',
      `<p>Здравствуйте, ${escapeHtml(name)}!</p><p>Чтобы задать новый пароль, откройте ссылку:</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>Ссылка действует ${minutes} минут и может быть использована один раз.</p><p>Если вы не запрашивали сброс пароля, просто проигнорируйте это письмо.</p>`,
    )
    return { subject, text, html }
  }
  const subject = 'Nearby: reset your password'
  const text = `Hello ${name},\n\nTo set a new password, open this link:\n${link}\n\nThe link is valid for ${minutes} minutes and can be used once.\nIf you did not ask to reset your password, ignore this email.\n`
  const html = layout(
    'Reset your password',
    `<p>Hello ${escapeHtml(name)},</p><p>To set a new password, open this link:</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>The link is valid for ${minutes} minutes and can be used once.</p><p>If you did not ask to reset your password, ignore this email.</p>`,
  )
  return { subject, text, html }
}

/** To the owner when wrong passwords lock the account's password sign-in (api/modules/auth/throttle.ts). */
export function accountLockedMail(language: Language, name: string, resetUrl: string, minutes: number): MailContent {
  if (language === 'ru') {
    const subject = 'Nearby: слишком много неудачных попыток входа'
    const text = `Здравствуйте, ${name}!\n\nКто-то несколько раз ввёл неверный пароль от вашего аккаунта. Вход по паролю приостановлен на ${minutes} минут.\nЕсли это были вы, подождите или задайте новый пароль: ${resetUrl}\nЕсли нет, ваш пароль по-прежнему в безопасности; советуем сменить его на более надёжный.\n`
    const html = layout(
      'Слишком много неудачных попыток входа',
      `<p>Здравствуйте, ${escapeHtml(name)}!</p><p>Кто-то несколько раз ввёл неверный пароль от вашего аккаунта. Вход по паролю приостановлен на ${minutes} минут.</p><p>Если это были вы, подождите или <a href="${escapeHtml(resetUrl)}">задайте новый пароль</a>.</p><p>Если нет, ваш пароль по-прежнему в безопасности; советуем сменить его на более надёжный.</p>`,
    )
    return { subject, text, html }
  }
  const subject = 'Nearby: too many failed sign-in attempts'
  const text = `Hello ${name},\n\nSomeone entered a wrong password for your account several times. Password sign-in is paused for ${minutes} minutes.\nIf it was you, wait or set a new password: ${resetUrl}\nIf not, your password is still safe; consider changing it to a stronger one.\n`
  const html = layout(
    'Too many failed sign-in attempts',
    `<p>Hello ${escapeHtml(name)},</p><p>Someone entered a wrong password for your account several times. Password sign-in is paused for ${minutes} minutes.</p><p>If it was you, wait or <a href="${escapeHtml(resetUrl)}">set a new password</a>.</p><p>If not, your password is still safe; consider changing it to a stronger one.</p>`,
  )
  return { subject, text, html }
}

/** The confirmation of an account deletion request: when the data goes, and how to keep the account. */
export function deletionRequestedMail(language: Language, name: string, purgeDate: string, signInUrl: string): MailContent {
  if (language === 'ru') {
    const subject = 'Nearby: ваш аккаунт будет удалён'
    const text = `Здравствуйте, ${name}!\n\nМы получили запрос на удаление вашего аккаунта. Он уже отключён: профиль, публикации и подписки больше никто не видит. ${purgeDate} мы окончательно удалим ваши данные и фото.\nПередумали? Войдите до этой даты и выберите «Отменить удаление»: ${signInUrl}\n`
    const html = layout(
      'Ваш аккаунт будет удалён',
      `<p>Здравствуйте, ${escapeHtml(name)}!</p><p>Мы получили запрос на удаление вашего аккаунта. Он уже отключён: профиль, публикации и подписки больше никто не видит. ${escapeHtml(purgeDate)} мы окончательно удалим ваши данные и фото.</p><p>Передумали? <a href="${escapeHtml(signInUrl)}">Войдите</a> до этой даты и выберите «Отменить удаление».</p>`,
    )
    return { subject, text, html }
  }
  const subject = 'Nearby: your account will be deleted'
  const text = `Hello ${name},\n\nWe received your request to delete your account. It is deactivated already: nobody sees your profile, posts or follows any more. On ${purgeDate} we delete your data and photos for good.\nChanged your mind? Sign in before then and choose "Cancel deletion": ${signInUrl}\n`
  const html = layout(
    'Your account will be deleted',
    `<p>Hello ${escapeHtml(name)},</p><p>We received your request to delete your account. It is deactivated already: nobody sees your profile, posts or follows any more. On ${escapeHtml(purgeDate)} we delete your data and photos for good.</p><p>Changed your mind? <a href="${escapeHtml(signInUrl)}">Sign in</a> before then and choose "Cancel deletion".</p>`,
  )
  return { subject, text, html }
}

/** A reminder to a participant: the event starts in about a day ('24h') or within the hour ('1h'), decision 030. */
export function eventReminderMail(
  language: Language,
  name: string,
  kind: '24h' | '1h',
  title: string,
  startTime: string,
  eventUrl: string,
  /** The link to take part online (an event online): the participant's own. */
  onlineUrl: string | null = null,
  /** The participant's check-in code (an event in person); its QR code is the mail's picture CHECKIN_QR_CID. */
  checkinCode: string | null = null,
): MailContent {
  const qr = (alt: string) =>
    `<p><img src="cid:${CHECKIN_QR_CID}" width="${CHECKIN_QR_PX}" height="${CHECKIN_QR_PX}" alt="${escapeHtml(alt)}"></p>`
  if (language === 'ru') {
    const subject = kind === '1h' ? `Nearby: скоро начало — «${title}», ${startTime}` : `Nearby: напоминание — «${title}», ${startTime}`
    const lead = kind === '1h' ? `Уже скоро начнётся событие, в котором вы участвуете: «${title}».` : `Напоминаем о событии, в котором вы участвуете: «${title}».`
    const online = onlineUrl ? `Подключиться онлайн: ${onlineUrl}\n` : ''
    const door = checkinCode ? `Код для входа: ${checkinCode} — покажите его или QR-код организатору.\n` : ''
    const text = `Здравствуйте, ${name}!\n\n${lead}\nНачало: ${startTime}\n${online}${door}${eventUrl}\n\nНапоминания можно отключить в настройках: Настройки → Уведомления.\n`
    const html = layout(
      kind === '1h' ? 'Скоро начало' : 'Напоминание о событии',
      `<p>Здравствуйте, ${escapeHtml(name)}!</p><p>${escapeHtml(lead)}</p><p>Начало: <b>${escapeHtml(startTime)}</b></p>${onlineUrl ? `<p>Подключиться онлайн: <a href="${escapeHtml(onlineUrl)}">${escapeHtml(onlineUrl)}</a></p>` : ''}${checkinCode ? `<p>Код для входа: ${codeHtml(checkinCode)}<br>Покажите его или QR-код организатору.</p>${qr(`QR-код для входа ${checkinCode}`)}` : ''}<p><a href="${escapeHtml(eventUrl)}">${escapeHtml(eventUrl)}</a></p><p style="color:#666;font-size:13px">Напоминания можно отключить в настройках: Настройки → Уведомления.</p>`,
    )
    return { subject, text, html }
  }
  const subject = kind === '1h' ? `Nearby: starting soon — “${title}”, ${startTime}` : `Nearby: reminder — “${title}”, ${startTime}`
  const lead = kind === '1h' ? `An event you take part in starts soon: “${title}”.` : `A reminder of an event you take part in: “${title}”.`
  const online = onlineUrl ? `Join online: ${onlineUrl}\n` : ''
  const door = checkinCode ? `Your check-in code: ${checkinCode} (show it or its QR code to the organizer at the door)\n` : ''
  const text = `Hello ${name},\n\n${lead}\nStarts: ${startTime}\n${online}${door}${eventUrl}\n\nYou can turn reminders off in Settings → Notifications.\n`
  const html = layout(
    kind === '1h' ? 'Starting soon' : 'Event reminder',
    `<p>Hello ${escapeHtml(name)},</p><p>${escapeHtml(lead)}</p><p>Starts: <b>${escapeHtml(startTime)}</b></p>${onlineUrl ? `<p>Join online: <a href="${escapeHtml(onlineUrl)}">${escapeHtml(onlineUrl)}</a></p>` : ''}${checkinCode ? `<p>Your check-in code: ${codeHtml(checkinCode)}<br>Show it or its QR code to the organizer at the door.</p>${qr(`QR code of your check-in code ${checkinCode}`)}` : ''}<p><a href="${escapeHtml(eventUrl)}">${escapeHtml(eventUrl)}</a></p><p style="color:#666;font-size:13px">You can turn reminders off in Settings → Notifications.</p>`,
  )
  return { subject, text, html }
}

/** A seat freed and the recipient, first on the waiting list, now takes part in the event. */
export function waitlistSeatMail(language: Language, name: string, title: string, eventUrl: string): MailContent {
  if (language === 'ru') {
    const subject = `Nearby: вы участвуете в «${title}»`
    const text = `Здравствуйте, ${name}!\n\nОсвободилось место, и вы были первым в листе ожидания: теперь вы участник «${title}».\nСобытие: ${eventUrl}\nНе сможете прийти? Откажитесь от участия на странице события, и место получит следующий в очереди.\n`
    const html = layout(
      `Вы участвуете в «${title}»`,
      `<p>Здравствуйте, ${escapeHtml(name)}!</p><p>Освободилось место, и вы были первым в листе ожидания: теперь вы участник «${escapeHtml(title)}».</p><p><a href="${escapeHtml(eventUrl)}">Открыть событие</a></p><p>Не сможете прийти? Откажитесь от участия на странице события, и место получит следующий в очереди.</p>`,
    )
    return { subject, text, html }
  }
  const subject = `Nearby: you are in for “${title}”`
  const text = `Hello ${name},\n\nA place freed up and you were first on the waiting list: you now take part in “${title}”.\nThe event: ${eventUrl}\nCan't make it? Leave the event on its page and the next person in line gets the place.\n`
  const html = layout(
    `You are in for “${title}”`,
    `<p>Hello ${escapeHtml(name)},</p><p>A place freed up and you were first on the waiting list: you now take part in “${escapeHtml(title)}”.</p><p><a href="${escapeHtml(eventUrl)}">Open the event</a></p><p>Can't make it? Leave the event on its page and the next person in line gets the place.</p>`,
  )
  return { subject, text, html }
}

/** The organizer's answer to a request to join an event that needs approval (decision 042). */
export function joinAnswerMail(
  language: Language,
  name: string,
  title: string,
  eventUrl: string,
  answer: 'accepted' | 'waitlisted' | 'declined',
): MailContent {
  const ru = language === 'ru'
  const texts: Record<typeof answer, [string, string]> = ru
    ? {
        accepted: [`Nearby: заявка принята — «${title}»`, `Организатор принял вашу заявку: теперь вы участник «${title}».`],
        waitlisted: [`Nearby: заявка принята — «${title}»`, `Организатор принял вашу заявку на «${title}», но свободных мест нет: вы в листе ожидания и получите место, как только оно освободится.`],
        declined: [`Nearby: заявка отклонена — «${title}»`, `К сожалению, организатор отклонил вашу заявку на участие в «${title}».`],
      }
    : {
        accepted: [`Nearby: request accepted — “${title}”`, `The organizer accepted your request: you now take part in “${title}”.`],
        waitlisted: [`Nearby: request accepted — “${title}”`, `The organizer accepted your request to join “${title}”, but the event is full: you are on the waiting list and get a seat as soon as one frees up.`],
        declined: [`Nearby: request declined — “${title}”`, `Sorry, the organizer declined your request to join “${title}”.`],
      }
  const [subject, lead] = texts[answer]
  const hello = ru ? `Здравствуйте, ${name}!` : `Hello ${name},`
  const open = ru ? 'Открыть событие' : 'Open the event'
  const text = `${hello}\n\n${lead}\n${eventUrl}\n`
  const html = layout(subject, `<p>${escapeHtml(hello)}</p><p>${escapeHtml(lead)}</p><p><a href="${escapeHtml(eventUrl)}">${open}</a></p>`)
  return { subject, text, html }
}

/** A webhook failed every delivery for a day and was turned off (issue 42). */
export function webhookDisabledMail(language: Language, name: string, url: string, settingsUrl: string): MailContent {
  if (language === 'ru') {
    const subject = 'Nearby: вебхук отключён'
    const text = `Здравствуйте, ${name}!\n\nАдрес ${url} не принимал доставки целые сутки, и мы отключили этот вебхук. Исправьте адрес и включите вебхук снова: ${settingsUrl}\n`
    const html = layout('Вебхук отключён', `<p>Здравствуйте, ${escapeHtml(name)}!</p><p>Адрес ${escapeHtml(url)} не принимал доставки целые сутки, и мы отключили этот вебхук.</p><p><a href="${escapeHtml(settingsUrl)}">Исправьте адрес и включите его снова</a></p>`)
    return { subject, text, html }
  }
  const subject = 'Nearby: a webhook was turned off'
  const text = `Hello ${name},\n\nThe address ${url} failed every delivery for a day, so we turned this webhook off. Fix the address, then turn the webhook on again: ${settingsUrl}\n`
  const html = layout('A webhook was turned off', `<p>Hello ${escapeHtml(name)},</p><p>The address ${escapeHtml(url)} failed every delivery for a day, so we turned this webhook off.</p><p><a href="${escapeHtml(settingsUrl)}">Fix it and turn it on again</a></p>`)
  return { subject, text, html }
}

/** An invitation to join a group (issue 45): to a person's account, or to an address that has none yet. */
export function groupInvitationMail(
  language: Language,
  invite: { name: string | null; inviter: string; group: string; role: 'admin' | 'editor' | 'member'; url: string },
): MailContent {
  const ru = language === 'ru'
  const roles = ru ? { admin: 'администратор', editor: 'редактор', member: 'участник' } : { admin: 'an admin', editor: 'an editor', member: 'a member' }
  const subject = ru ? `Nearby: приглашение в группу «${invite.group}»` : `Nearby: an invitation to join “${invite.group}”`
  const hello = invite.name ? (ru ? `Здравствуйте, ${invite.name}!` : `Hello ${invite.name},`) : ru ? 'Здравствуйте!' : 'Hello,'
  const lead = ru
    ? `${invite.inviter} приглашает вас в группу «${invite.group}» на Nearby (роль: ${roles[invite.role]}).`
    : `${invite.inviter} invites you to join the group “${invite.group}” on Nearby as ${roles[invite.role]}.`
  const how = invite.name
    ? ru
      ? 'Принять или отклонить приглашение можно на странице группы.'
      : 'Accept or decline it on the group’s page.'
    : ru
      ? 'Зарегистрируйтесь на Nearby с этим адресом почты — приглашение будет ждать вас на странице группы.'
      : 'Sign up on Nearby with this email address: the invitation waits for you on the group’s page.'
  const open = ru ? 'Открыть группу' : 'Open the group'
  const text = `${hello}\n\n${lead}\n${how}\n${invite.url}\n`
  const html = layout(subject, `<p>${escapeHtml(hello)}</p><p>${escapeHtml(lead)}</p><p>${escapeHtml(how)}</p><p><a href="${escapeHtml(invite.url)}">${open}</a></p>`)
  return { subject, text, html }
}

/** An organizer's message to the people of an event (issue 45): our words in the recipient's language, theirs as written. */
export function eventMessageMail(language: Language, name: string, sender: string, title: string, body: string, eventUrl: string): MailContent {
  const quoted = `<blockquote style="margin:12px 0;padding:8px 12px;border-left:4px solid #ccc;white-space:pre-line">${escapeHtml(body)}</blockquote>`
  if (language === 'ru') {
    const subject = `Nearby: сообщение о «${title}»`
    const text = `Здравствуйте, ${name}!\n\n${sender}, организатор «${title}», пишет:\n\n${body}\n\nСобытие: ${eventUrl}\nВы получили это письмо, потому что участвуете в событии или ждёте места.\n`
    const html = layout(
      `Сообщение о «${title}»`,
      `<p>Здравствуйте, ${escapeHtml(name)}!</p><p>${escapeHtml(sender)}, организатор «${escapeHtml(title)}», пишет:</p>${quoted}<p><a href="${escapeHtml(eventUrl)}">Открыть событие</a></p><p style="color:#666;font-size:13px">Вы получили это письмо, потому что участвуете в событии или ждёте места.</p>`,
    )
    return { subject, text, html }
  }
  const subject = `Nearby: a message about “${title}”`
  const text = `Hello ${name},\n\n${sender}, who organizes “${title}”, writes:\n\n${body}\n\nThe event: ${eventUrl}\nYou get this mail because you take part in the event or wait for a place.\n`
  const html = layout(
    `A message about “${title}”`,
    `<p>Hello ${escapeHtml(name)},</p><p>${escapeHtml(sender)}, who organizes “${escapeHtml(title)}”, writes:</p>${quoted}<p><a href="${escapeHtml(eventUrl)}">Open the event</a></p><p style="color:#666;font-size:13px">You get this mail because you take part in the event or wait for a place.</p>`,
  )
  return { subject, text, html }
}
