import {
  type Template,
  templateAvailableForCustomerSchema,
  templateAvailableForInternalSchema,
  templatePositionSchema,
  templateSchema,
} from '../../template.ts';
import { defineRoute, jsonReply, noReply } from '../contract.ts';
import { idShapes } from '../ids.ts';
import { templateAnswerSchema } from '../answers/content.ts';
import { arrayOf } from '../answers/shape.ts';

/** A template carries six rich-text translations: more than the default JSON body limit allows. */
const TEMPLATE_BODY_BYTES = 1024 * 1024;

// Templates are for Internal.Super users only (decisions.md): every call is 'super'.
export const templateRoutes = {
  list: defineRoute({
    name: 'templates-list',
    method: 'GET',
    path: 'v1/templates',
    access: 'super',
    summary: 'Every template, by position (0..n-1)',
    params: {},
    response: jsonReply<Template[]>('the templates, each with its ETag', arrayOf(templateAnswerSchema)),
  }),
  create: defineRoute({
    name: 'templates-create',
    method: 'POST',
    path: 'v1/templates',
    access: 'super',
    summary: 'Add a template; it goes last (the highest position + 1, 0 when none); its contents are sanitised',
    params: {},
    body: templateSchema,
    maxBodyBytes: TEMPLATE_BODY_BYTES,
    status: 201,
    response: jsonReply<Template>('the new template, with its ETag', templateAnswerSchema),
  }),
  get: defineRoute({
    name: 'templates-get',
    method: 'GET',
    path: 'v1/templates/{templateId}',
    access: 'super',
    summary: 'One template with its position',
    params: { templateId: idShapes.id },
    response: jsonReply<Template>('the template, with its ETag', templateAnswerSchema),
  }),
  update: defineRoute({
    name: 'templates-update',
    method: 'PUT',
    path: 'v1/templates/{templateId}',
    access: 'super',
    summary: "Change a template's translations (and availability when given); its contents are sanitised",
    params: { templateId: idShapes.id },
    body: templateSchema,
    maxBodyBytes: TEMPLATE_BODY_BYTES,
    response: jsonReply<Template>('the saved template, with its new ETag', templateAnswerSchema),
  }),
  delete: defineRoute({
    name: 'templates-delete',
    method: 'DELETE',
    path: 'v1/templates/{templateId}',
    access: 'super',
    errors: { 409: 'too many changes to the order at once: try again' },
    summary: 'Delete a template; the ones after it move up',
    params: { templateId: idShapes.id },
    status: 204,
    response: noReply('deleted'),
  }),
  position: defineRoute({
    name: 'templates-position',
    method: 'POST',
    path: 'v1/templates/{templateId}/position',
    access: 'super',
    summary: 'Move a template to a 0-based position (past the end: last); the others close up (If-Match: the list ETag)',
    params: { templateId: idShapes.id },
    conditional: true,
    body: templatePositionSchema,
    response: jsonReply<Template[]>('every template in the new order', arrayOf(templateAnswerSchema)),
  }),
  availableForInternal: defineRoute({
    name: 'templates-available-for-internal',
    method: 'POST',
    path: 'v1/templates/{templateId}/availableForInternal',
    access: 'super',
    summary: 'Offer a template to internal users on the move pages screen, or stop (If-Match: the template ETag)',
    params: { templateId: idShapes.id },
    conditional: true,
    body: templateAvailableForInternalSchema,
    response: jsonReply<Template>('the template, with its new ETag', templateAnswerSchema),
  }),
  availableForCustomer: defineRoute({
    name: 'templates-available-for-customer',
    method: 'POST',
    path: 'v1/templates/{templateId}/availableForCustomer',
    access: 'super',
    summary: 'Offer a template to customers on the move pages screen, or stop (If-Match: the template ETag)',
    params: { templateId: idShapes.id },
    conditional: true,
    body: templateAvailableForCustomerSchema,
    response: jsonReply<Template>('the template, with its new ETag', templateAnswerSchema),
  }),
};
