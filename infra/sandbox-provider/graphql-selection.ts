import {
  type FieldNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLResolveInfo,
  Kind,
  type SelectionSetNode,
  getArgumentValues,
  getNamedType,
  isObjectType,
} from 'graphql';
import type { QueryPair } from './query-list';

function childFields(
  sets: readonly (SelectionSetNode | undefined)[],
  name: string,
  info: GraphQLResolveInfo,
): FieldNode[] {
  const found: FieldNode[] = [];
  const visit = (set: SelectionSetNode | undefined) => {
    for (const selection of set?.selections ?? []) {
      if (selection.kind === Kind.FIELD) {
        if (selection.name.value === name) found.push(selection);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        visit(selection.selectionSet);
      } else {
        visit(info.fragments[selection.name.value]?.selectionSet);
      }
    }
  };
  sets.forEach(visit);
  return found;
}

/**
 * The `query_list` arguments of a field nested below the one being resolved, e.g. `items` →
 * `metadata` under `transactions`: Pay Theory's nested filters drop the list items whose metadata
 * (or payment method, or payor) does not match, so the list's resolver must read them. One list
 * per occurrence of the field (aliases); every one must match.
 */
export function nestedQueryLists(info: GraphQLResolveInfo, path: string[]): QueryPair[][] {
  let nodes: readonly FieldNode[] = info.fieldNodes;
  let type: GraphQLNamedType = getNamedType(info.returnType);
  for (const [index, name] of path.entries()) {
    if (!isObjectType(type)) return [];
    const field: GraphQLField<unknown, unknown> | undefined = type.getFields()[name];
    if (!field) return [];
    nodes = childFields(
      nodes.map((node) => node.selectionSet),
      name,
      info,
    );
    if (index === path.length - 1) {
      return nodes
        .map((node) => getArgumentValues(field, node, info.variableValues).query_list as QueryPair[] | null | undefined)
        .filter((list): list is QueryPair[] => Array.isArray(list) && list.length > 0);
    }
    type = getNamedType(field.type) as GraphQLNamedType;
  }
  return [];
}
