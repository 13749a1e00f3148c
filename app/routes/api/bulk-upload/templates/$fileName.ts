import { createFileRoute } from '@tanstack/react-router'
import { templateResponse } from '~/features/bulk-upload/template-workbook.server'

/** The example templates of the bulk upload panels (spec section 2), e.g. Pesada_Template.xlsx. */
export const Route = createFileRoute('/api/bulk-upload/templates/$fileName')({
  server: {
    handlers: {
      GET: ({ params }) => templateResponse(params.fileName),
    },
  },
})
