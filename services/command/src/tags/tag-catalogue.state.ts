import { type TagEvent, tagEvents } from '@oj/events';
import { parserFor, type StreamModel } from '../handling/decider';

export interface CatalogueTag {
  readonly tagId: number;
  readonly name: string;
  readonly color: string | null;
  readonly oj: string;
  readonly classificationId: number | null;
}

export interface CatalogueClassification {
  readonly classificationId: number;
  readonly name: string;
  readonly oj: string;
  readonly rank: number;
}

/** The tag catalogue as the `tags` stream says it is; ids are never reused, so they only count up. */
export interface TagCatalogueState {
  readonly tags: readonly CatalogueTag[];
  readonly classifications: readonly CatalogueClassification[];
  readonly lastTagId: number;
  readonly lastClassificationId: number;
}

export const initialTagCatalogue: TagCatalogueState = {
  tags: [],
  classifications: [],
  lastTagId: 0,
  lastClassificationId: 0,
};

function evolve(state: TagCatalogueState, event: TagEvent): TagCatalogueState {
  switch (event.type) {
    case 'TagAdded':
    case 'TagEdited': {
      const { tagId, name, color, oj, classificationId } = event.data;
      const others = state.tags.filter((tag) => tag.tagId !== tagId);
      const tags = [...others, { tagId, name, color, oj, classificationId }];
      return { ...state, tags, lastTagId: Math.max(state.lastTagId, tagId) };
    }
    case 'TagDeleted':
      return { ...state, tags: state.tags.filter((tag) => tag.tagId !== event.data.tagId) };
    case 'TagClassificationAdded':
    case 'TagClassificationEdited': {
      const { classificationId, name, oj, rank } = event.data;
      const others = state.classifications.filter((entry) => entry.classificationId !== classificationId);
      return {
        ...state,
        classifications: [...others, { classificationId, name, oj, rank }],
        lastClassificationId: Math.max(state.lastClassificationId, classificationId),
      };
    }
    case 'TagClassificationDeleted': {
      const { classificationId } = event.data;
      return {
        ...state,
        classifications: state.classifications.filter((entry) => entry.classificationId !== classificationId),
        tags: state.tags.map((tag) =>
          tag.classificationId === classificationId ? { ...tag, classificationId: null } : tag,
        ),
      };
    }
  }
}

export const tagCatalogueModel: StreamModel<TagCatalogueState, TagEvent> = {
  initialState: initialTagCatalogue,
  evolve,
  parse: parserFor(tagEvents),
};
