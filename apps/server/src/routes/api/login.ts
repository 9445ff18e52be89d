import {
  CAPTCHA_LENGTH,
  CAPTCHA_TTL_SECONDS,
  captchaQuerySchema,
  captchaResponseSchema,
  errorBodySchema,
} from '@parley/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hmac, randomDigits } from '../../lib/secrets';
import { insertPhoneCode } from '../../repositories/credentials';
import { findActiveUserByPhone } from '../../repositories/users';
import { assertPhoneUnlocked, CODE_REQUESTS_RULE, PHONE_CODES_PER_DAY } from '../../services/phone-lock';
import { limits } from '../../services/rate-limits';

/** `GET /api/login/captcha?mobile=` (SPEC §7.1): a six-digit code by SMS for phone login. */
const loginRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/login/captcha',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Send a six-digit sign-in code to a phone number',
        description: 'Answers the same whether or not the number belongs to a member; only members get a code.',
        tags: ['accounts'],
        security: [],
        querystring: captchaQuerySchema,
        response: { 200: captchaResponseSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
      preHandler: limits(app, [
        {
          name: CODE_REQUESTS_RULE,
          max: 3,
          windowSeconds: 10 * 60,
          key: (request) => (request.query as { mobile?: string }).mobile,
        },
        {
          name: 'captcha-number-day',
          max: PHONE_CODES_PER_DAY,
          windowSeconds: 24 * 60 * 60,
          key: (request) => (request.query as { mobile?: string }).mobile,
        },
        { name: 'captcha-ip', max: 10, windowSeconds: 10 * 60, key: (request) => request.ip },
      ]),
    },
    async (request) => {
      const { mobile } = request.query;
      // After too many wrong codes, no more codes are texted to the number either.
      await assertPhoneUnlocked(app, mobile);
      const user = await findActiveUserByPhone(app.db, mobile);
      if (user && !user.disabled) {
        const code = randomDigits(CAPTCHA_LENGTH);
        await insertPhoneCode(app.db, mobile, hmac(app.secretKey, `${mobile}:${code}`), CAPTCHA_TTL_SECONDS);
        await app.outbox.sendSms({
          teamId: user.teamId,
          to: mobile,
          text: `${code} is your Parley sign-in code. It expires in 5 minutes.`,
        });
      }
      return { success: true as const, data: { expiresInSeconds: CAPTCHA_TTL_SECONDS } };
    },
  );
};

export default loginRoutes;
