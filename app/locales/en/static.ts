// The static pages (SPEC §2, §9): account deletion, privacy policy, terms of use, child safety.
import { ACCOUNT_DELETION_DAYS, REPORT_REVIEW_HOURS } from '#contract'

export default {
  updated: 'Last updated: 1 June 2025',
  onThisPage: 'On this page',
  contactTitle: 'Questions?',
  contactText: 'Write to our support team and a person will answer you.',
  contactSupport: 'Contact support',
  openSettings: 'Open Settings',

  deleteAccount: {
    title: 'Delete your Nearby account',
    intro: `You can delete your Nearby account at any time. Your personal data is deleted within ${ACCOUNT_DELETION_DAYS} days of your request.`,
    sections: [
      {
        heading: 'Delete it yourself in Settings',
        paragraphs: ['This is the fastest way, and it works on the website and in the mobile app.'],
        list: [
          'Sign in to Nearby.',
          'Open the user menu and choose Settings.',
          'Choose “Delete account” and confirm.',
        ],
      },
      {
        heading: 'Or ask our support team',
        paragraphs: [
          'If you cannot sign in, send an email to support from the address of your account with the subject “Delete my account” and your username. We may ask you to confirm that the account is yours before we delete it.',
        ],
      },
      {
        heading: 'What is deleted',
        paragraphs: [
          `Your account is deactivated at once: you are signed out everywhere, and your profile, events, places, photos, likes, follows and invitations are no longer shown to anyone. Within ${ACCOUNT_DELETION_DAYS} days of your request we permanently delete your personal data from our systems, including the photos you uploaded.`,
        ],
      },
      {
        heading: 'What we may keep',
        paragraphs: [
          'We keep only what the law requires us to keep (for example, records of reports about illegal content that we had to pass to the authorities) and anonymous statistics that cannot be linked back to you. Deletion cannot be undone: to use Nearby again you will need a new account.',
        ],
      },
    ],
  },

  privacyPolicy: {
    title: 'Privacy policy',
    intro:
      'This policy explains what personal data Nearby collects when you use the website and the mobile app, why we collect it, and the choices you have.',
    sections: [
      {
        heading: 'Data we collect',
        paragraphs: ['We collect only what we need to run the service:'],
        list: [
          'Account data: your name, last name, username, email address and a securely hashed password (or your Google account identifier if you sign in with Google).',
          'Profile data you choose to add: photo, bio, profession, phone number, social media links and city.',
          'Content you create: events, places, photos, likes, follows, participation in events and invitations.',
          'Technical data: IP address, browser or device type and language, used for security, rate limiting and troubleshooting.',
        ],
      },
      {
        heading: 'How we use it',
        paragraphs: [
          'We use your data to provide and secure your account, show events and places near you, deliver notifications and invitations, send service emails (such as verification codes and password resets), moderate content and answer your requests. We do not sell your personal data and do not use it for third-party advertising.',
        ],
      },
      {
        heading: 'What others can see',
        paragraphs: [
          'Your public profile (name, username, photo, bio, social links and follower counts) and the events and places you publish are visible to everyone, including visitors who are not signed in. Your email address and password are never shown to other users.',
        ],
      },
      {
        heading: 'Cookies and local storage',
        paragraphs: [
          'We use a small number of cookies that are needed for the site to work: one keeps you signed in, one remembers your language, one shows a message once after an action, and one remembers that you closed the install-app banner. We do not use advertising or tracking cookies.',
        ],
      },
      {
        heading: 'Who we share data with',
        paragraphs: [
          'We use trusted providers for hosting, email delivery, maps and address search. They process data only on our behalf and only as needed for their service. We disclose data to authorities only when the law requires it, or to protect the safety of children and other people.',
        ],
      },
      {
        heading: 'How long we keep it',
        paragraphs: [
          `We keep your data while your account exists. When you delete your account, your personal data is deleted within ${ACCOUNT_DELETION_DAYS} days of your request.`,
        ],
      },
      {
        heading: 'Your rights',
        paragraphs: [
          'You can view and correct your data in Settings at any time, and you can ask for a copy of it or for its deletion by writing to support. You can also object to processing or complain to your local data-protection authority.',
        ],
      },
      {
        heading: 'Security',
        paragraphs: [
          'Passwords are stored only as strong one-way hashes, connections are encrypted, and access to personal data is limited to the people who need it to run the service.',
        ],
      },
      {
        heading: 'Children',
        paragraphs: [
          'Nearby is not meant for children under 13, and we do not knowingly collect their data. If you believe a child has created an account, please contact us and we will delete it.',
        ],
      },
      {
        heading: 'Changes to this policy',
        paragraphs: [
          'If we change this policy in an important way, we will tell you on the website or by email before the change takes effect.',
        ],
      },
    ],
  },

  termsOfUse: {
    title: 'Terms of use',
    intro:
      'These terms are the agreement between you and Nearby. By creating an account or using the website or the mobile app you accept them.',
    sections: [
      {
        heading: 'Your account',
        paragraphs: [
          'You must be at least 13 years old (or older where local law requires it) to use Nearby. Give accurate information, keep your password secret and tell us if you think someone else is using your account. You are responsible for what happens under your account.',
        ],
      },
      {
        heading: 'What you may not post',
        paragraphs: ['To keep Nearby safe and useful, you may not publish or send:'],
        list: [
          'illegal content, or content that promotes violence, terrorism or self-harm;',
          'any content that sexualises or endangers children;',
          'harassment, threats, hate speech or discrimination;',
          'fake, misleading or fraudulent events, places or prices;',
          'spam, unsolicited advertising or malware;',
          'other people’s personal data or content you do not have the right to share.',
        ],
      },
      {
        heading: 'Events and places',
        paragraphs: [
          'Organizers are responsible for their events and places: the information, prices, safety and compliance with local law. Nearby is a platform that connects people and is not the organizer of the events listed on it. Take part at your own discretion.',
        ],
      },
      {
        heading: 'Reports and moderation',
        paragraphs: [
          `Anyone can report an event, a place or a user that breaks these terms, from the page itself or by writing to support. We review every report within ${REPORT_REVIEW_HOURS} hours. Moderators may reject information or photos, remove posts and suspend or delete accounts that break these terms.`,
        ],
      },
      {
        heading: 'Your content',
        paragraphs: [
          'You keep the rights to what you post. You give Nearby a free, worldwide licence to store, display and share it within the service for as long as it is published. You can delete your content at any time.',
        ],
      },
      {
        heading: 'Ending your use',
        paragraphs: [
          `You can stop using Nearby and delete your account at any time; your personal data is deleted within ${ACCOUNT_DELETION_DAYS} days. We may suspend or end accounts that seriously or repeatedly break these terms.`,
        ],
      },
      {
        heading: 'Disclaimer and liability',
        paragraphs: [
          'Nearby is provided “as is”. We work to keep it available and correct but cannot guarantee that it is always free of errors or interruptions. To the extent the law allows, we are not liable for indirect losses or for events organised by other users.',
        ],
      },
      {
        heading: 'Changes',
        paragraphs: [
          'We may update these terms. If a change is important, we will tell you before it takes effect. If you keep using Nearby after that, you accept the new terms.',
        ],
      },
    ],
  },

  childSafety: {
    title: 'Child safety standards',
    intro:
      'Nearby has zero tolerance for child sexual abuse and exploitation (CSAE). This page explains what we prohibit, how to report it and what we do about it.',
    sections: [
      {
        heading: 'Zero tolerance',
        paragraphs: ['The following are strictly prohibited on Nearby, in any form:'],
        list: [
          'child sexual abuse material (CSAM), including drawn or AI-generated material;',
          'grooming, sexual conversations with minors or attempts to meet a minor for sexual purposes;',
          'sexualising minors in photos, texts, events or profiles;',
          'trafficking, sextortion or any other exploitation of children.',
        ],
      },
      {
        heading: 'How to report',
        paragraphs: [
          'Use the report button on the event, place or profile, or write to our support team with a link to the content and a short description. Do not download or share the material yourself. If a child is in immediate danger, contact your local police or emergency services first.',
        ],
      },
      {
        heading: 'What we do',
        paragraphs: [
          `Every report is reviewed by a person within ${REPORT_REVIEW_HOURS} hours, and child-safety reports come first. We remove violating content, permanently ban the accounts involved, keep the evidence as the law requires and report confirmed cases to the National Center for Missing & Exploited Children (NCMEC) and the competent law-enforcement authorities.`,
        ],
      },
      {
        heading: 'Prevention',
        paragraphs: [
          'Nearby is not meant for children under 13. Moderators review new profiles, events, places and photos, and events for children must be published by their organizers with accurate information about the venue and the people responsible.',
        ],
      },
      {
        heading: 'Child-safety contact',
        paragraphs: [
          'Our support team is the contact point for child-safety questions from users, parents and authorities, and it can escalate a case at any time.',
        ],
      },
    ],
  },
} as const
