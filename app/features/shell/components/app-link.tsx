import { type ComponentPropsWithRef, createContext, type ReactNode, useContext } from 'react'

export interface AppLinkProps extends Omit<ComponentPropsWithRef<'a'>, 'href'> {
  /** A path inside the app, e.g. '/management/configuration/user-profile'. */
  to: string
  /** Query parameters, kept apart from `to` so a router can type and merge them. */
  search?: Record<string, string | number>
}

export type LinkComponent = (props: AppLinkProps) => ReactNode

/** Builds the address a plain link points to: the path plus its query. */
export function appHref(to: string, search?: Record<string, string | number>) {
  const query = search
    ? new URLSearchParams(Object.entries(search).map(([key, value]) => [key, String(value)])).toString()
    : ''
  return query ? `${to}?${query}` : to
}

function PlainLink({ to, search, ...rest }: AppLinkProps) {
  return <a href={appHref(to, search)} {...rest} />
}

const LinkContext = createContext<LinkComponent>(PlainLink)

export interface AppLinkProviderProps {
  /**
   * Renders every link of the app chrome. The app passes a wrapper around TanStack Router's `Link`
   * (client-side navigation, preloading); without a provider, links are plain anchors, which is
   * what Storybook and the component tests use.
   *
   * @example <AppLinkProvider component={({ to, search, ...rest }) => <Link to={to} search={search} {...rest} />}>
   */
  component: LinkComponent
  children: ReactNode
}

export function AppLinkProvider({ component, children }: AppLinkProviderProps) {
  return <LinkContext.Provider value={component}>{children}</LinkContext.Provider>
}

/**
 * A link to a page of the app. Components take destinations as strings and leave navigation to the
 * component the app provides, so they render without a router (and before the routes exist).
 */
export function AppLink(props: AppLinkProps) {
  const Component = useContext(LinkContext)
  return <Component {...props} />
}
