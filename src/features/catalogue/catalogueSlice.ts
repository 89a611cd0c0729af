import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { Status } from '@/lib/status';
import type { AnalysisDto, ProfileDto } from '@/lib/types/api';
import { isPopular, sortProfiles } from './rules';

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

export interface CatalogueState {
  /** Analyses of the laboratory `analysesLaboratoryId` (popular ones and categories are derived). */
  analyses: AnalysisDto[];
  analysesStatus: Status;
  analysesLaboratoryId: string | null;
  /** Profiles in the order of spec §9. */
  profiles: ProfileDto[];
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
    },
    analysesReceived(state, action: PayloadAction<LabPayload<AnalysisDto[]>>) {
      state.analyses = action.payload.data;
      state.analysesStatus = Status.SUCCESS;
      state.analysesLaboratoryId = action.payload.laboratoryId;
    },
    analysesFailed(state) {
      state.analysesStatus = Status.ERROR;
    },
    /** Asks for the profiles of the active laboratory. */
    profilesRequested() {},
    profilesLoading(state, action: PayloadAction<string>) {
      state.profilesStatus = Status.LOADING;
      state.profilesLaboratoryId = action.payload;
    },
    profilesReceived(state, action: PayloadAction<LabPayload<ProfileDto[]>>) {
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

export const catalogueActions = catalogueSlice.actions;
export const {
  analysesRequested,
  analysesLoading,
  analysesReceived,
  analysesFailed,
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

interface WithCatalogue {
  catalogue: CatalogueState;
}

export const selectCatalogue = (s: WithCatalogue) => s.catalogue;
/** Popular analyses (header 23) of the loaded laboratory. */
export const selectPopular = createSelector([(s: WithCatalogue) => s.catalogue.analyses], (analyses) => analyses.filter(isPopular));

export default catalogueSlice.reducer;
