import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { BlogImage } from './article'
import { ArticleFigure } from './article-figure'
import type { Block, Inline } from './markdown'

/** An article's parsed body (markdown.ts) as React elements, styled for a ~72ch reading column. */
export function ArticleBody({ blocks, images }: { blocks: readonly Block[]; images: readonly BlogImage[] }) {
  return (
    <div className="space-y-5 text-[1.0625rem] leading-8 text-gray-300">
      {blocks.map((block, index) => renderBlock(block, index, images))}
    </div>
  )
}

function renderBlock(block: Block, key: number, images: readonly BlogImage[]): ReactNode {
  switch (block.type) {
    case 'heading':
      return block.level === 2 ? (
        <h2 key={key} id={block.id} className="scroll-mt-24 pt-6 text-2xl font-semibold tracking-tight text-foreground">
          {renderInlines(block.children)}
        </h2>
      ) : (
        <h3 key={key} id={block.id} className="scroll-mt-24 pt-3 text-xl font-semibold text-foreground">
          {renderInlines(block.children)}
        </h3>
      )
    case 'paragraph':
      return <p key={key}>{renderInlines(block.children)}</p>
    case 'list': {
      const items = block.items.map((item, index) => (
        <li key={index} className="pl-1.5 marker:text-violet-400">
          {renderInlines(item)}
        </li>
      ))
      return block.ordered ? (
        <ol key={key} className="list-decimal space-y-2 pl-6">
          {items}
        </ol>
      ) : (
        <ul key={key} className="list-disc space-y-2 pl-6">
          {items}
        </ul>
      )
    }
    case 'note':
      return (
        <aside key={key} className="rounded-r-md border-l-4 border-primary bg-card px-5 py-3 text-foreground">
          {renderInlines(block.children)}
        </aside>
      )
    case 'image': {
      const image = images[block.index]
      return image ? <ArticleFigure key={key} image={image} /> : null
    }
  }
}

const ARTICLE_PATH = /^\/blog\/([a-z0-9-]+)$/

function renderInlines(nodes: readonly Inline[]): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.type) {
      case 'text':
        return node.text
      case 'strong':
        return (
          <strong key={index} className="font-semibold text-foreground">
            {renderInlines(node.children)}
          </strong>
        )
      case 'em':
        return <em key={index}>{renderInlines(node.children)}</em>
      case 'code':
        return (
          <code key={index} className="rounded bg-muted px-1.5 py-0.5 font-mono text-[0.9em] text-foreground">
            {node.text}
          </code>
        )
      case 'link': {
        const className = 'font-medium text-violet-300 underline decoration-violet-300/40 underline-offset-4 hover:decoration-violet-300'
        const article = ARTICLE_PATH.exec(node.href)
        if (article) {
          return (
            <Link key={index} to="/blog/$slug" params={{ slug: article[1] }} className={className}>
              {renderInlines(node.children)}
            </Link>
          )
        }
        const external = /^https?:\/\//i.test(node.href)
        return (
          <a key={index} href={node.href} className={className} rel={external ? 'noopener' : undefined}>
            {renderInlines(node.children)}
          </a>
        )
      }
    }
  })
}
