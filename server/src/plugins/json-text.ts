/**
 * A route's answer sent as JSON text made earlier (issue 16: a kept answer, modules/work-orders/work-order-home-cache.ts).
 * Fastify serializes objects only; a string with a JSON content type goes out as it is. The route's response schema
 * still documents the answer (OpenAPI); the text must have been made from a value of that schema's type.
 */
import type { FastifyReply } from 'fastify';

export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
