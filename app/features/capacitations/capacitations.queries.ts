import { queryOptions } from '@tanstack/react-query'
import { courseProgressFn, getCourseAuthoringFn, getCourseFn, listCoursesFn } from './capacitations.functions'

export const capacitationKeys = {
  all: ['capacitations'] as const,
  establishment: (establishmentId: number) => [...capacitationKeys.all, establishmentId] as const,
  list: (establishmentId: number, q: string) =>
    [...capacitationKeys.establishment(establishmentId), 'list', q] as const,
  course: (establishmentId: number, courseId: number) =>
    [...capacitationKeys.establishment(establishmentId), 'course', courseId] as const,
  authoring: (establishmentId: number, courseId: number) =>
    [...capacitationKeys.establishment(establishmentId), 'authoring', courseId] as const,
  progress: (establishmentId: number) =>
    [...capacitationKeys.establishment(establishmentId), 'progress'] as const,
}

export const coursesQueryOptions = (establishmentId: number, q = '') =>
  queryOptions({
    queryKey: capacitationKeys.list(establishmentId, q),
    queryFn: () => listCoursesFn({ data: { establishmentId, q: q || undefined } }),
    staleTime: 30_000,
  })

export const courseQueryOptions = (establishmentId: number, courseId: number) =>
  queryOptions({
    queryKey: capacitationKeys.course(establishmentId, courseId),
    queryFn: () => getCourseFn({ data: { establishmentId, courseId } }),
    staleTime: 30_000,
  })

export const courseAuthoringQueryOptions = (establishmentId: number, courseId: number) =>
  queryOptions({
    queryKey: capacitationKeys.authoring(establishmentId, courseId),
    queryFn: () => getCourseAuthoringFn({ data: { establishmentId, courseId } }),
    staleTime: 0,
  })

export const courseProgressQueryOptions = (establishmentId: number) =>
  queryOptions({
    queryKey: capacitationKeys.progress(establishmentId),
    queryFn: () => courseProgressFn({ data: { establishmentId } }),
    staleTime: 0,
  })
