import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { Status } from '@/lib/status';
import type { AnalysisDto, ProfileDto } from '@/lib/types/api';
import { analysesWithHeader, isPopular, sortProfiles, type ProfileRow } from './rules';

/** One loaded card (analysis or profile), with the laboratory whose prices it carries. */
export interface CardState<T> {
  id: number | null;
  item: T | null;
  status: Status;
  /** True when the last failure was a 404 (the card does not exist). */
  notFound: boolean;
  laboratoryId: string | null;
}

export interface SearchState {
  term: string;
  results: AnalysisDto[];
  status: Status;
  /** Laboratory whose prices the results carry. */
  laboratoryId: string | null;
  /** The term the results belong to. */
  resultsTerm: string;
}

/** A list derived from the laboratory's analyses (popular ones, one category's). */
export interface DerivedList {
  items: AnalysisDto[];
  status: Status;
  laboratoryId: string | null;
}

export interface CatalogueState {
  /** Analyses of the laboratory `analysesLaboratoryId` (popular ones and categories are derived). */
  analyses: AnalysisDto[];
  analysesStatus: Status;
  analysesLaboratoryId: string | null;
  /** Popular analyses (header 23): kept with the analyses, or rendered alone on the server. */
  popular: DerivedList;
  /** The analyses of the open category page (header `headerId`). */
  category: DerivedList & { headerId: number | null };
  /** Profiles in the order of spec §9. */
  profiles: ProfileRow[];
  profilesStatus: Status;
  profilesLaboratoryId: string | null;
  search: SearchState;
  analysis: CardState<AnalysisDto>;
  profile: CardState<ProfileDto>;
}

const emptyCard = <T>(): CardState<T> => ({ id: null, item: null, status: Status.INITIAL, notFound: false, laboratoryId: null });

export const initialCatalogueState: CatalogueState = {
  analyses: [],
  analysesStatus: Status.INITIAL,
  analysesLaboratoryId: null,
  popular: { items: [], status: Status.INITIAL, laboratoryId: null },
  category: { items: [], status: Status.INITIAL, laboratoryId: null, headerId: null },
  profiles: [],
  profilesStatus: Status.INITIAL,
  profilesLaboratoryId: null,
  search: { term: '', results: [], status: Status.INITIAL, laboratoryId: null, resultsTerm: '' },
  analysis: emptyCard<AnalysisDto>(),
  profile: emptyCard<ProfileDto>(),
};

interface LabPayload<T> {
  laboratoryId: string | null;
  data: T;
}

const catalogueSlice = createSlice({
  name: 'catalogue',
  initialState: initialCatalogueState,
  reducers: {
    /** Asks for the analyses of the active laboratory (nothing happens without one). */
    analysesRequested() {},
    analysesLoading(state, action: PayloadAction<string>) {
      state.analysesStatus = Status.LOADING;
      state.analysesLaboratoryId = action.payload;
      // Lists already showing this laboratory's data stay on screen while the full list loads.
      for (const list of [state.popular, state.category]) {
        if (list.laboratoryId !== action.payload || list.status !== Status.SUCCESS) list.status = Status.LOADING;
      }
    },
    analysesReceived(state, action: PayloadAction<LabPayload<AnalysisDto[]>>) {
      const { data, laboratoryId } = action.payload;
      state.analyses = data;
      state.analysesStatus = Status.SUCCESS;
      state.analysesLaboratoryId = laboratoryId;
      state.popular = { items: data.filter(isPopular), status: Status.SUCCESS, laboratoryId };
      const { headerId } = state.category;
      if (headerId !== null) state.category = { headerId, items: analysesWithHeader(data, headerId), status: Status.SUCCESS, laboratoryId };
    },
    analysesFailed(state) {
      state.analysesStatus = Status.ERROR;
      for (const list of [state.popular, state.category]) if (list.status === Status.LOADING) list.status = Status.ERROR;
    },
    /** Popular analyses alone (server rendering of the home page). */
    popularReceived(state, action: PayloadAction<LabPayload<AnalysisDto[]>>) {
      state.popular = { items: action.payload.data, status: Status.SUCCESS, laboratoryId: action.payload.laboratoryId };
    },
    /** A category page opened: its analyses, from the server or from the analyses already loaded. */
    categoryReceived(state, action: PayloadAction<LabPayload<AnalysisDto[]> & { headerId: number }>) {
      const { headerId, data, laboratoryId } = action.payload;
      state.category = { headerId, items: data, status: Status.SUCCESS, laboratoryId };
    },
    /** Asks for the profiles of the active laboratory. */
    profilesRequested() {},
    profilesLoading(state, action: PayloadAction<string>) {
      state.profilesStatus = Status.LOADING;
      state.profilesLaboratoryId = action.payload;
    },
    profilesReceived(state, action: PayloadAction<LabPayload<ProfileRow[]>>) {
      state.profiles = sortProfiles(action.payload.data);
      state.profilesStatus = Status.SUCCESS;
      state.profilesLaboratoryId = action.payload.laboratoryId;
    },
    profilesFailed(state) {
      state.profilesStatus = Status.ERROR;
    },
    /** The user typed in the search box; the saga searches after a short pause. */
    searchTermChanged(state, action: PayloadAction<string>) {
      const term = action.payload;
      state.search.term = term;
      if (!term.trim()) {
        state.search.results = [];
        state.search.resultsTerm = '';
        state.search.status = Status.INITIAL;
      } else {
        state.search.status = Status.LOADING;
      }
    },
    /** Retry after a failure: searches the current term at once. */
    searchRetried(state) {
      if (state.search.term.trim()) state.search.status = Status.LOADING;
    },
    searchReceived(state, action: PayloadAction<LabPayload<AnalysisDto[]> & { term: string }>) {
      state.search.term = action.payload.term;
      state.search.resultsTerm = action.payload.term;
      state.search.results = action.payload.data;
      state.search.laboratoryId = action.payload.laboratoryId;
      state.search.status = Status.SUCCESS;
    },
    searchFailed(state) {
      state.search.status = Status.ERROR;
    },
    analysisRequested(state, action: PayloadAction<number>) {
      if (state.analysis.id !== action.payload) state.analysis = emptyCard<AnalysisDto>();
      state.analysis.id = action.payload;
      state.analysis.status = Status.LOADING;
      state.analysis.notFound = false;
    },
    analysisReceived(state, action: PayloadAction<LabPayload<AnalysisDto>>) {
      state.analysis = { id: action.payload.data.id, item: action.payload.data, status: Status.SUCCESS, notFound: false, laboratoryId: action.payload.laboratoryId };
    },
    analysisFailed(state, action: PayloadAction<{ notFound: boolean }>) {
      state.analysis.status = Status.ERROR;
      state.analysis.notFound = action.payload.notFound;
    },
    profileRequested(state, action: PayloadAction<number>) {
      if (state.profile.id !== action.payload) state.profile = emptyCard<ProfileDto>();
      state.profile.id = action.payload;
      state.profile.status = Status.LOADING;
      state.profile.notFound = false;
    },
    profileReceived(state, action: PayloadAction<LabPayload<ProfileDto>>) {
      state.profile = { id: action.payload.data.id, item: action.payload.data, status: Status.SUCCESS, notFound: false, laboratoryId: action.payload.laboratoryId };
    },
    profileFailed(state, action: PayloadAction<{ notFound: boolean }>) {
      state.profile.status = Status.ERROR;
      state.profile.notFound = action.payload.notFound;
    },
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
