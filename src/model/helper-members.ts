import { compareStrings } from '../shared/compare.js';
import type { Prompt, Snapshot } from '../snapshot/types.js';
import { NamePlanner, RESERVED_MEMBER_NAMES, camelCase, pascalCase } from './naming.js';
import type { PromptModel, ResourceModel, TemplateModel } from './types.js';
import { templateVariables } from './uri-template.js';

/**
 * The members of the client's resource, template and prompt groups, each group its own namespace
 * (in URI or name order), and the argument and variable types they need, claimed in `types`.
 */
export function planHelperMembers(
  snapshot: Snapshot,
  types: NamePlanner,
): { resources: ResourceModel[]; templates: TemplateModel[]; prompts: PromptModel[] } {
  const resourceMembers = new NamePlanner(RESERVED_MEMBER_NAMES);
  const resources: ResourceModel[] = sortBy(snapshot.resources, (r) => r.uri).map((resource) => ({
    resource,
    member: resourceMembers.claim(camelCase(resource.name || resource.uri, 'resource')),
  }));
  const templateMembers = new NamePlanner(RESERVED_MEMBER_NAMES);
  const templates: TemplateModel[] = sortBy(snapshot.resourceTemplates, (t) => t.uriTemplate).map(
    (template) => {
      const member = templateMembers.claim(
        camelCase(template.name || template.uriTemplate, 'template'),
      );
      return {
        template,
        member,
        variablesType: types.claim(`${pascalCase(member)}TemplateVariables`),
        variables: templateVariables(template.uriTemplate),
      };
    },
  );
  const promptMembers = new NamePlanner(RESERVED_MEMBER_NAMES);
  const prompts: PromptModel[] = sortBy(snapshot.prompts, (p) => p.name).map((prompt) => {
    const member = promptMembers.claim(camelCase(prompt.name, 'prompt'));
    return {
      prompt,
      member,
      argumentsType: types.claim(`${pascalCase(member)}PromptArguments`),
      argumentsOptional: !hasRequiredArgument(prompt),
    };
  });

  return { resources, templates, prompts };
}

function hasRequiredArgument(prompt: Prompt): boolean {
  return (prompt.arguments ?? []).some((a) => a.required === true);
}

export function sortBy<T>(items: readonly T[], key: (item: T) => string): T[] {
  return [...items].sort((a, b) => compareStrings(key(a), key(b)));
}
