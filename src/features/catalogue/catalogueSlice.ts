import { createSlice, type Draft, type PayloadAction } from '@reduxjs/toolkit';
import { Status } from '@/lib/status';
import { fail, reset, resource, startLoading, succeed, type Failure, type Resource } from '@/lib/store/resource';
import type { AnalysisDto, ProfileDto } from '@/shared/types/api';
import { analysesWithHeader, isPopular, sortProfiles, type ProfileRow } from './rules';

/** A loaded thing with the laboratory whose prices it carries. */
export type PricedResource<T> = Resource<T> & { laboratoryId: string | null };

/** One loaded card (analysis or profile): `id` is the card asked for; a 404 failure means it does not exist. */
export type CardState<T> = PricedResource<T | null> & { id: number | null };

export type SearchState = PricedResource<AnalysisDto[]> & {
  term: string;
  /** The term the results belong to. */
  resultsTerm: string;
};

export interface CatalogueState {
  /** Analyses of a laboratory (popular ones and categories are derived). */
  analyses: PricedResource<AnalysisDto[]>;
  /** Popular analyses (header 23): kept with the analyses, or rendered alone on the server. */
  popular: PricedResource<AnalysisDto[]>;
  /** The analyses of the open category page (header `headerId`). */
  category: PricedResource<AnalysisDto[]> & { headerId: number | null };
  /** Profiles in the order of spec §9. */
  profiles: PricedResource<ProfileRow[]>;
  search: SearchState;
  analysis: CardState<AnalysisDto>;
  profile: CardState<ProfileDto>;
}

const priced = <T>(data: T): PricedResource<T> => ({ ...resource(data), laboratoryId: null });
const emptyCard = <T>(): CardState<T> => ({ ...priced<T | null>(null), id: null });

export const initialCatalogueState: CatalogueState = {
  analyses: priced([]),
  popular: priced([]),
  category: { ...priced([]), headerId: null },
  profiles: priced([]),
  search: { ...priced([]), term: '', resultsTerm: '' },
  analysis: emptyCard<AnalysisDto>(),
  profile: emptyCard<ProfileDto>(),
};

interface LabPayload<T> {
  laboratoryId: string | null;
  data: T;
}

/** Data priced for a laboratory arrived. */
function receivedFor<T>(r: Draft<PricedResource<T>> | PricedResource<T>, { laboratoryId, data }: LabPayload<T>): void {
  succeed<T>(r as PricedResource<T>, data);
  r.laboratoryId = laboratoryId;
}

/** The requested / received / failed reducers of a card. */
function cardReducers<T extends { id: number }>(pick: (state: Draft<CatalogueState>) => CardState<T> | Draft<CardState<T>>) {
  return {
    requested(state: Draft<CatalogueState>, action: PayloadAction<number>) {
      const card = pick(state) as CardState<T>;
      // Another card's data is dropped; the same card is kept while it reloads.
      if (card.id !== action.payload) Object.assign(card, emptyCard<T>(), { id: action.payload });
      startLoading(card);
    },
    received(state: Draft<CatalogueState>, action: PayloadAction<LabPayload<T>>) {
      const card = pick(state) as CardState<T>;
      card.id = action.payload.data.id;
      receivedFor(card, action.payload);
    },
    failed(state: Draft<CatalogueState>, action: PayloadAction<Failure>) {
      fail(pick(state), action.payload);
    },
  };
}
const analysisCard = cardReducers<AnalysisDto>((s) => s.analysis);
const profileCard = cardReducers<ProfileDto>((s) => s.profile);

const catalogueSlice = createSlice({
  name: 'catalogue',
  initialState: initialCatalogueState,
  reducers: {
    /** Asks for the analyses of the active laboratory (nothing happens without one). */
    analysesRequested() {},
    analysesLoading(state, action: PayloadAction<string>) {
      startLoading(state.analyses);
      state.analyses.laboratoryId = action.payload;
      // Lists already showing this laboratory's data stay on screen while the full list loads.
      for (const list of [state.popular, state.category]) {
        if (list.laboratoryId !== action.payload || list.status !== Status.SUCCESS) startLoading(list);
      }
    },
    analysesReceived(state, action: PayloadAction<LabPayload<AnalysisDto[]>>) {
      const { data, laboratoryId } = action.payload;
      receivedFor(state.analyses, action.payload);
      receivedFor(state.popular, { laboratoryId, data: data.filter(isPopular) });
      const { headerId } = state.category;
      if (headerId !== null) receivedFor(state.category, { laboratoryId, data: analysesWithHeader(data, headerId) });
    },
    analysesFailed(state, action: PayloadAction<Failure>) {
      fail(state.analyses, action.payload);
      for (const list of [state.popular, state.category]) if (list.status === Status.LOADING) fail(list, action.payload);
    },
    /** Popular analyses alone (server rendering of the home page). */
    popularReceived(state, action: PayloadAction<LabPayload<AnalysisDto[]>>) {
      receivedFor(state.popular, action.payload);
    },
    /** A category page opened: its analyses, from the server or from the analyses already loaded. */
    categoryReceived(state, action: PayloadAction<LabPayload<AnalysisDto[]> & { headerId: number }>) {
      state.category.headerId = action.payload.headerId;
      receivedFor(state.category, action.payload);
    },
    /** Asks for the profiles of the active laboratory. */
    profilesRequested() {},
    profilesLoading(state, action: PayloadAction<string>) {
      startLoading(state.profiles);
      state.profiles.laboratoryId = action.payload;
    },
    profilesReceived(state, action: PayloadAction<LabPayload<ProfileRow[]>>) {
      receivedFor(state.profiles, { ...action.payload, data: sortProfiles(action.payload.data) });
    },
    profilesFailed(state, action: PayloadAction<Failure>) {
      fail(state.profiles, action.payload);
    },
    /** The user typed in the search box; the saga searches after a short pause. */
    searchTermChanged(state, action: PayloadAction<string>) {
      const term = action.payload;
      state.search.term = term;
      if (!term.trim()) {
        state.search.data = [];
        state.search.resultsTerm = '';
        reset(state.search);
      } else {
        startLoading(state.search);
      }
    },
    /** Retry after a failure: searches the current term at once. */
    searchRetried(state) {
      if (state.search.term.trim()) startLoading(state.search);
    },
    searchReceived(state, action: PayloadAction<LabPayload<AnalysisDto[]> & { term: string }>) {
      state.search.term = action.payload.term;
      state.search.resultsTerm = action.payload.term;
      receivedFor(state.search, action.payload);
    },
    searchFailed(state, action: PayloadAction<Failure>) {
      fail(state.search, action.payload);
    },
    analysisRequested: analysisCard.requested,
    analysisReceived: analysisCard.received,
    analysisFailed: analysisCard.failed,
    profileRequested: profileCard.requested,
    profileReceived: profileCard.received,
    profileFailed: profileCard.failed,
  },
});

export const {
  analysesRequested,
  analysesLoading,
  analysesReceived,
  analysesFailed,
  popularReceived,
  categoryReceived,
  profilesRequested,
  profilesLoading,
  profilesReceived,
  profilesFailed,
  searchTermChanged,
  searchRetried,
  searchReceived,
  searchFailed,
  analysisRequested,
  analysisReceived,
  analysisFailed,
  profileRequested,
  profileReceived,
  profileFailed,
} = catalogueSlice.actions;

export default catalogueSlice.reducer;
