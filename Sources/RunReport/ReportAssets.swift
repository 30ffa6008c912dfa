/// The page's inline style and script. The script only adds interaction — details on hover and
/// focus, a beacon's row on Enter, the table's filters — and never changes the picture.
enum ReportAssets {
  // Okabe–Ito colours (safe for the common colour blindnesses); errors add a sign to their red.
  static let css = """
    :root{color-scheme:light;font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a}
    body{margin:0;padding:16px;max-width:100%;box-sizing:border-box}
    h1{font-size:1.3rem;margin:0 0 4px;overflow-wrap:anywhere}h2{font-size:1.1rem;margin:20px 0 8px}
    .sub{color:#444;margin:0 0 8px;overflow-wrap:anywhere}
    .verdict{display:inline-block;padding:2px 8px;border-radius:4px;font-weight:600;border:2px solid}
    .verdict.pass{color:#005a8c;border-color:#0072b2}.verdict.fail{color:#a01000;border-color:#c00000}
    .summary{margin:8px 0}.problems{border-left:4px solid #c00000;padding:4px 10px;margin:8px 0;background:#fff4f2}
    .problems li{overflow-wrap:anywhere}
    .scroller{display:flex;overflow-x:auto;border:1px solid #ccc;border-radius:4px;background:#fff}
    .scroller:focus{outline:3px solid #0072b2}
    svg.labels{position:sticky;left:0;z-index:1;background:#f7f7f7;border-right:1px solid #ccc;flex:none}
    svg.plot{flex:none;display:block}
    svg text{font:12px system-ui,sans-serif;fill:#1a1a1a}svg .small{font-size:11px;fill:#555}
    .axis path{stroke:#e2e2e2}.axis path.lane{stroke:#cfcfcf}.axis text{text-anchor:middle;fill:#555;font-size:11px}
    .content{fill:none;stroke:#1a1a1a;stroke-width:2;stroke-linejoin:round}
    .break rect{fill:#d9d9d9;stroke:#6b6b6b}
    .ad rect{stroke-width:1.5}.ad .glyph{fill:#1a1a1a;stroke:none}.ad .glyph.line{fill:none;stroke:#1a1a1a;stroke-width:2}
    .ad.played rect{fill:#0072b2;stroke:#004c77}
    .ad.skipped rect{fill:url(#p-skipped);stroke:#a66f00}
    .ad.seeked-over rect{fill:#fff;stroke:#cc79a7;stroke-dasharray:4 3;stroke-width:2}
    .ad.failed rect{fill:url(#p-failed);stroke:#b8290b;stroke-width:2}
    .ad.unfinished rect{fill:url(#p-unfinished);stroke:#0072b2}
    .ad.not-played rect{fill:#fff;stroke:#777;stroke-dasharray:1 3}
    .interstitial rect,.interstitial circle{stroke-width:2}.interstitial path{stroke-width:2;fill:none}
    .interstitial.highlight rect,.interstitial.highlight circle{fill:#fbe3b0;stroke:#e69f00}.interstitial.highlight path{stroke:#e69f00}
    .interstitial.primary rect,.interstitial.primary circle{fill:#ececec;stroke:#1a1a1a}.interstitial.primary path{stroke:#1a1a1a;stroke-dasharray:4 2}
    .beacon path{stroke:#1a1a1a;stroke-width:2}.beacon.failed path{stroke:#c00000;stroke-width:2.5}
    .beacon .hit{fill:transparent}
    .action path{fill:#009e73;stroke:#005c43}.action path.rule{stroke:#009e73;stroke-dasharray:2 3;fill:none}
    .err circle{fill:#c00000}.err .bang{fill:#fff;font-weight:700;text-anchor:middle}.err text{fill:#a01000}
    .err path.rule{stroke:#c00000;stroke-width:1.5;stroke-dasharray:6 3}
    .check .band{fill:#f0e442;opacity:.55}.check path{fill:#f0e442;stroke:#1a1a1a}.check text{font-weight:600}
    svg [tabindex]:focus{outline:none}svg [tabindex]:focus rect,svg [tabindex]:focus path,svg [tabindex]:focus circle{stroke:#cc79a7;stroke-width:3}
    .legend{display:flex;flex-wrap:wrap;gap:6px 16px;margin:8px 0;padding:0;list-style:none}
    .legend li{display:flex;align-items:center;gap:6px}.legend svg{flex:none}
    #tip{position:fixed;z-index:5;max-width:min(420px,90vw);background:#1a1a1a;color:#fff;padding:6px 8px;
    border-radius:4px;font-size:12px;pointer-events:none;overflow-wrap:anywhere}
    .table-scroll{overflow-x:auto}table{border-collapse:collapse;width:100%;font-size:12px}
    th,td{border-bottom:1px solid #e2e2e2;padding:3px 6px;text-align:left;vertical-align:top}
    td:nth-child(-n+4){white-space:nowrap;font-variant-numeric:tabular-nums}td:last-child{overflow-wrap:anywhere;min-width:16em}
    th{position:sticky;top:0;background:#f7f7f7}.k{color:#555}
    tr.err td{color:#a01000;font-weight:600}tr.err td:first-child::before{content:"! "}
    tr.failed td{color:#a01000}tr.failed td:first-child::before{content:"✕ "}tr.hl{background:#f0e442}
    tr.unmet td{background:#fde8e4}strong.unmet{color:#a01000}
    .filters{margin:4px 0 8px}.filters select{font:inherit;margin-left:4px}
    @media (max-width:600px){body{padding:8px}h1{font-size:1.1rem}td:last-child{min-width:12em}}
    """

  static let script = """
    (function(){
    var tip=document.getElementById('tip');
    function show(el){var t=el.querySelector('title');if(!t)return;tip.textContent=t.textContent;tip.hidden=false;
    var r=el.getBoundingClientRect(),w=tip.offsetWidth,x=Math.min(Math.max(4,r.left),window.innerWidth-w-4);
    var y=r.bottom+6;if(y+tip.offsetHeight>window.innerHeight)y=Math.max(4,r.top-tip.offsetHeight-6);
    tip.style.left=x+'px';tip.style.top=y+'px';}
    function hide(){tip.hidden=true;}
    var items=document.querySelectorAll('svg.plot [tabindex]');
    for(var i=0;i<items.length;i++){var el=items[i];
    el.addEventListener('mouseenter',function(e){show(e.currentTarget);});el.addEventListener('mouseleave',hide);
    el.addEventListener('focus',function(e){show(e.currentTarget);});el.addEventListener('blur',hide);
    el.addEventListener('keydown',function(e){if(e.key==='Enter'){go(e.currentTarget);}});
    el.addEventListener('click',function(e){go(e.currentTarget);});}
    function go(el){var n=el.getAttribute('data-row');if(n===null)return;var row=document.getElementById('row-'+n);
    if(!row)return;var old=document.querySelector('tr.hl');if(old)old.classList.remove('hl');row.classList.add('hl');
    row.scrollIntoView({block:'center'});}
    var form=document.querySelector('form.filters'),ad=document.getElementById('filter-ad'),
    type=document.getElementById('filter-type'),count=document.getElementById('filter-count');
    if(form){form.hidden=false;form.addEventListener('submit',function(e){e.preventDefault();});
    function filter(){var rows=document.querySelectorAll('tbody tr[data-type]'),a=ad.value,t=type.value,n=0;
    for(var i=0;i<rows.length;i++){var r=rows[i],d=r.getAttribute('data-type'),
    ok=(!a||r.getAttribute('data-ad')===a)&&(!t||d===t||d.split(':')[0]===t);r.hidden=!ok;if(ok)n++;}
    count.textContent=n+' of '+rows.length+' rows';}
    ad.addEventListener('change',filter);type.addEventListener('change',filter);filter();}
    })();
    """
}
