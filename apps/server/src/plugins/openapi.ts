import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import './types';
import fp from 'fastify-plugin';

/**
 * OpenAPI 3.1 made from the routes' zod schemas, at `/api/openapi.json`, with Swagger UI at
 * `/api/docs` (served from the package itself, so it works offline and under the strict CSP).
 */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Parley API',
          description: "Parley's own server: accounts, sessions, notices and the team's data.",
          version: '1.0.0',
        },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
        security: [{ bearer: [] }],
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { deepLinking: true } });
    app.get('/api/openapi.json', { schema: { hide: true }, config: { access: 'public' } }, async () => app.swagger());
  },
  { name: 'openapi' },
);
