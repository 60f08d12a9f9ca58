import type { MailMessage } from './mailer';

/** The mails the identity service sends. Plain text: nothing to render, nothing to track. */
export const mailTemplates = {
  passwordReset(to: string, link: string): MailMessage {
    return {
      to,
      purpose: 'password-reset',
      link,
      subject: 'Reset your Healthfolio password',
      text: `Someone (hopefully you) asked to reset the password of your Healthfolio account.\n\nChoose a new password here — the link works once, for one hour:\n${link}\n\nIf you did not ask, ignore this mail; your password stays as it is.\n`,
    };
  },
  verifyEmail(to: string, link: string): MailMessage {
    return {
      to,
      purpose: 'verify-email',
      link,
      subject: 'Verify your email for Healthfolio',
      text: `Confirm that this address belongs to you — the link works once, for 24 hours:\n${link}\n\nIf you did not create a Healthfolio account, ignore this mail.\n`,
    };
  },
  invitation(to: string, link: string): MailMessage {
    return {
      to,
      purpose: 'invitation',
      link,
      subject: 'Your invitation to Healthfolio',
      text: `You are off the waitlist. Create your Healthfolio account here — the link works once, for 7 days:\n${link}\n`,
    };
  },
  insightAlert(to: string, link: string, titles: readonly string[]): MailMessage {
    const list = titles.map((t) => `- ${t}`).join('\n');
    return {
      to,
      purpose: 'insight-alert',
      link,
      subject:
        titles.length === 1 ? `Healthfolio: ${titles[0]}` : `Healthfolio: ${titles.length} new insights`,
      text: `New in your Healthfolio insights:\n${list}\n\nSee what they rest on:\n${link}\n\nTurn these mails off under Settings → Notifications → Insight alerts.\n`,
    };
  },
  newDevice(to: string, link: string, where: { device: string; place: string; at: string }): MailMessage {
    return {
      to,
      purpose: 'new-device',
      link,
      subject: 'New sign-in to your Healthfolio account',
      text: `Your Healthfolio account was just signed in to from a device it has not used before:\n\n${where.device}\n${where.place}\n${where.at}\n\nIf this was you, there is nothing to do. If not, end that session and change your password under Settings → Sessions:\n${link}\n\nTurn these mails off under Settings → Notifications → Email notifications.\n`,
    };
  },
  goalReminder(to: string, link: string, lines: readonly string[]): MailMessage {
    const list = lines.map((l) => `- ${l}`).join('\n');
    return {
      to,
      purpose: 'goal-reminder',
      link,
      subject: 'Healthfolio: your goals yesterday',
      text: `Yesterday, these goals were not reached:\n${list}\n\nYour progress:\n${link}\n\nTurn these mails off under Settings → Notifications → Goal reminders.\n`,
    };
  },
  webhookDisabled(to: string, link: string, url: string): MailMessage {
    return {
      to,
      purpose: 'webhook-disabled',
      link,
      subject: 'Healthfolio: a webhook was turned off',
      text: `For a day, every message to your webhook at ${url} failed, so we turned it off and stopped sending to it.\n\nSee its delivery log, and add it again once the receiver works:\n${link}\n`,
    };
  },
};
