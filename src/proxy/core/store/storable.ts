// Every value a query sends is made storable (storable-text.ts), whatever the table: one Kysely
// plugin on both engines, so no repository can forget it (issue 46 item 2).
import {
  OperationNodeTransformer,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type PrimitiveValueListNode,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  type ValueNode,
} from 'kysely';
import { storable } from './storable-text.ts';

class StorableValues extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    return { ...super.transformValue(node), value: storable(node.value) };
  }

  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    return { ...super.transformPrimitiveValueList(node), values: node.values.map(storable) };
  }
}

export class StorableStringsPlugin implements KyselyPlugin {
  readonly #values = new StorableValues();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#values.transformNode(args.node);
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}
