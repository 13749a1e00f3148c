import type { ConfigSectionDefinition } from '~/features/configuration/sections'

/**
 * The establishment framework's configuration sections (rodeos, toros, inseminadores, recorredores,
 * orígenes, propietarios, auditoría). Placeholder on this branch: the framework work (issue 19 part B)
 * fills it; the configuration screen renders whatever is listed here.
 */
export const FRAMEWORK_SECTIONS: ConfigSectionDefinition[] = []
