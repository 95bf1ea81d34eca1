export { maskToken, WILDCARD } from './mask-token';
export {
  TemplateMiner,
  templateIdOf,
  type LogTemplate,
  type TemplateMatch,
  type TemplateMinerOptions,
  type TemplateMinerState,
} from './template-miner';
export { LineSplitter, type SplitLine } from './line-splitter';
