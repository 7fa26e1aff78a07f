// Every answer the API tests receive is checked against the OpenAPI document the app serves: its status must be
// one the operation lists, and a JSON body must match that status's schema. A mismatch throws, failing the test.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

/** The parts of an OpenAPI 3.1 document the check reads. */
interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: object }> }>;
}
export interface Document {
  paths?: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
  components?: object;
}

const DOC_ID = 'https://lowest.test/openapi.json';
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;

interface Template {
  method: string;
  path: string;
  pattern: RegExp;
  literals: number;
  operation: Operation;
}

export interface ResponseCheck {
  /** Throws when `response` is not what the document says `method path` answers. */
  check(method: string, url: string, response: Response): Promise<void>;
  /** The document's operation for a request, or null when no path of the document matches. */
  operationOf(method: string, path: string): Template | null;
}

export const responseCheck = (doc: Document): ResponseCheck => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: DOC_ID, components: doc.components ?? {} });
  const templates: Template[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method];
      if (!operation) continue;
      const segments = path.split('/');
      const source = segments
        .map((s) => (/^\{.+\}$/.test(s) ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('/');
      templates.push({
        method: method.toUpperCase(),
        path,
        pattern: new RegExp(`^${source}/?$`),
        literals: segments.filter((s) => !s.startsWith('{')).length,
        operation,
      });
    }
  }
  const validators = new Map<object, ValidateFunction>();
  const validatorOf = (schema: object): ValidateFunction => {
    let validate = validators.get(schema);
    if (!validate) {
      validate = ajv.compile(
        JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${DOC_ID}#/components/`)) as object,
      );
      validators.set(schema, validate);
    }
    return validate;
  };
  const operationOf = (method: string, path: string): Template | null => {
    const matches = templates.filter((t) => t.method === method.toUpperCase() && t.pattern.test(path));
    return matches.sort((a, b) => b.literals - a.literals)[0] ?? null;
  };
  return {
    operationOf,
    async check(method, url, response) {
      const path = new URL(url, 'http://localhost').pathname;
      const template = operationOf(method, path);
      if (!template) return;
      const name = `${method} ${path} (${template.path})`;
      const declared = template.operation.responses?.[String(response.status)];
      if (!declared) {
        throw new Error(
          `${name} answered ${response.status}, which the OpenAPI document does not list: ${await response.clone().text()}`,
        );
      }
      const schema = declared.content?.['application/json']?.schema;
      const isJson = (response.headers.get('content-type') ?? '').includes('application/json');
      if (!schema || !isJson || response.headers.has('content-encoding')) return;
      const body: unknown = await response.clone().json();
      const validate = validatorOf(schema);
      if (!validate(body)) {
        const problems = (validate.errors ?? [])
          .map((e) => `${e.instancePath || '(body)'} ${e.message ?? ''}`)
          .join('; ');
        throw new Error(
          `${name} answered ${response.status} with a body the OpenAPI document does not allow: ${problems}\n${JSON.stringify(body)}`,
        );
      }
    },
  };
};
