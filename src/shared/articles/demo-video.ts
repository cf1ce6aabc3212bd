/**
 * The video embed of an article written while YouTube search is simulated (demo mode): the mock's
 * video ids exist nowhere, so YouTube would answer "Video unavailable". The read view shows a
 * labelled stand-in of the same size instead; the article's HTML (what would be published) keeps
 * its embed. The pattern is the iframe our sanitiser writes (the server's article HTML module), whose
 * attributes are all ours but the id and the title.
 */
const YOUTUBE_IFRAME = /<iframe src="https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]{11}"[^>]*><\/iframe>/g

export const DEMO_VIDEO_TEXT =
  'Demo video: YouTube search is simulated in demo mode. With a YouTube API key, the best-matching video for this article plays here.'

export function withDemoVideoStandIn(html: string): string {
  return html.replace(YOUTUBE_IFRAME, `<div class="demo-video" data-testid="demo-video">${DEMO_VIDEO_TEXT}</div>`)
}
