// ml-hclust ships ES modules with its types under lib/, which this repository's node10 resolution
// does not look in; the part of its API the learning corpus uses.
declare module 'ml-hclust' {
  export interface Cluster {
    children: Cluster[];
    height: number;
    size: number;
    index: number;
    isLeaf: boolean;
    cut(threshold: number): Cluster[];
    indices(): number[];
  }
  export function agnes(
    data: number[][],
    options?: {
      method?: 'single' | 'complete' | 'average' | 'upgma' | 'wpgma' | 'ward' | 'ward2';
      isDistanceMatrix?: boolean;
    },
  ): Cluster;
}
